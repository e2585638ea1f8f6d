-- Local content only (`supabase db reset` and the local stack apply it; `supabase db push` does not).
-- Runs once, as the database superuser, in one transaction right after the migrations: plain SQL
-- and extensions.* functions only, so the Supabase CLI can run it too. Article images are not
-- made here: SQL cannot draw or upload them. supabase/seed/images.ts adds them afterwards.

-- ---------------------------------------------------------------------------------------------
-- Accounts, all listed in supabase/seed/accounts.ts (the first two in the README too): the
-- editor-in-chief, a reader, two more administrators so bylines vary, and a journalist who writes
-- but does not publish. Passwords are bcrypt hashes made by pgcrypto, exactly as GoTrue stores
-- them. The auth.users trigger creates each profile.
-- ---------------------------------------------------------------------------------------------
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
  email_change_token_new, email_change)
values
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
   'admin@afrique-actu.local', extensions.crypt('admin-local-123', extensions.gen_salt('bf', 10)), now() - interval '120 days',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Aminata Diallo","email_verified":true}',
   now() - interval '120 days', now() - interval '120 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
   'lecteur@afrique-actu.local', extensions.crypt('lecteur-local-123', extensions.gen_salt('bf', 10)), now() - interval '45 days',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Kwame Mensah","email_verified":true}',
   now() - interval '45 days', now() - interval '45 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000003', 'authenticated', 'authenticated',
   'jeanbaptiste.mbarga@afrique-actu.local', extensions.crypt('redaction-local-123', extensions.gen_salt('bf', 10)), now() - interval '110 days',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Jean-Baptiste Mbarga","email_verified":true}',
   now() - interval '110 days', now() - interval '110 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000004', 'authenticated', 'authenticated',
   'nadia.benali@afrique-actu.local', extensions.crypt('redaction-local-123', extensions.gen_salt('bf', 10)), now() - interval '90 days',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Nadia Benali","email_verified":true}',
   now() - interval '90 days', now() - interval '90 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000005', 'authenticated', 'authenticated',
   'journaliste@afrique-actu.local', extensions.crypt('journaliste-local-123', extensions.gen_salt('bf', 10)), now() - interval '30 days',
   '{"provider":"email","providers":["email"]}', '{"full_name":"Moussa Traoré","email_verified":true}',
   now() - interval '30 days', now() - interval '30 days', '', '', '', '');

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), 'email', created_at, created_at
from auth.users where id in ('a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002',
                             'a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000004',
                             'a0000000-0000-4000-8000-000000000005');

-- The reader keeps an empty bio, so the users screen shows its '-' placeholder.
update public.profiles p set bio = b.bio
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'Rédactrice en chef. Vingt ans de reportage entre Dakar, Abidjan et Paris, spécialiste de la vie politique et des médias en Afrique de l''Ouest.'),
  ('a0000000-0000-4000-8000-000000000003'::uuid, 'Journaliste économique et éditorialiste basé à Douala. Suit les matières premières, la finance mobile et l''intégration régionale.'),
  ('a0000000-0000-4000-8000-000000000004'::uuid, 'Cheffe des rubriques Culture et Sport, basée à Casablanca. Passionnée de cinéma africain et de football féminin.'),
  ('a0000000-0000-4000-8000-000000000005'::uuid, 'Journaliste basé à Bamako. Couvre l''agriculture, les marchés et la vie quotidienne au Sahel.')
) as b(user_id, bio)
where p.user_id = b.user_id;

-- Three administrators and one journalist; the reader has no row, so counts as a client (docs/product.md#roles).
insert into public.user_roles (user_id, role, created_at)
values
  ('a0000000-0000-4000-8000-000000000001', 'admin', now() - interval '120 days'),
  ('a0000000-0000-4000-8000-000000000003', 'admin', now() - interval '110 days'),
  ('a0000000-0000-4000-8000-000000000004', 'admin', now() - interval '90 days'),
  ('a0000000-0000-4000-8000-000000000005', 'journalist', now() - interval '30 days');

-- ---------------------------------------------------------------------------------------------
-- Categories: the seven of the navigation, plus the legacy one the editor hides (docs/product.md#categories).
-- A migration makes them (reference data, 20261210110200); the seed gives them the fixed ids its
-- articles use, and their age.
-- ---------------------------------------------------------------------------------------------
insert into public.categories (id, name, slug, created_at)
values
  ('c0000000-0000-4000-8000-000000000001', 'Actualité', 'actualite', now() - interval '150 days'),
  ('c0000000-0000-4000-8000-000000000002', 'Politique', 'politique', now() - interval '150 days'),
  ('c0000000-0000-4000-8000-000000000003', 'Économie', 'economie', now() - interval '150 days'),
  ('c0000000-0000-4000-8000-000000000004', 'Culture', 'culture', now() - interval '150 days'),
  ('c0000000-0000-4000-8000-000000000005', 'Sport', 'sport', now() - interval '150 days'),
  ('c0000000-0000-4000-8000-000000000006', 'Réussite', 'reussite', now() - interval '150 days'),
  ('c0000000-0000-4000-8000-000000000007', 'Tribune libre', 'tribune-libre', now() - interval '150 days'),
  ('c0000000-0000-4000-8000-000000000008', 'Actualité mise à jour', 'actualite-mise-a-jour', now() - interval '150 days')
on conflict (slug) do update set id = excluded.id, created_at = excluded.created_at;

-- ---------------------------------------------------------------------------------------------
-- Articles: 4 published per category and 2 drafts (one more, scheduled, at the end). Fictional
-- stories; every name of a private person is invented and every link points at example.org. Half
-- the bodies are HTML, half plain text with bare URLs, so both display rules of docs/product.md#article-body have
-- content. published_at is explicit (the article trigger would otherwise stamp now()), each one
-- different so ordering means something. Columns: id, slug, title, excerpt, category, author,
-- status, published_at, created_at, content.
-- ---------------------------------------------------------------------------------------------

-- Actualité ------------------------------------------------------------------------------------
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000001', 'dakar-le-train-express-regional-relie-enfin-l-aeroport',
$$Dakar : le train express régional relie enfin la capitale à l'aéroport$$,
$$Après des années de travaux, le TER dessert désormais l'aéroport international Blaise-Diagne. Les usagers saluent un gain de temps considérable, mais s'inquiètent du prix des billets.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '3 hours', now() - interval '27 hours',
$$<p>Il est 6 h 12 lorsque la première rame quitte la gare de Dakar, bondée de voyageurs venus assister à l'événement. Quarante-cinq minutes plus tard, elle s'immobilise sous la verrière flambant neuve de la gare de l'aéroport international Blaise-Diagne. Le trajet, qui pouvait prendre plus de deux heures aux heures de pointe, devient enfin prévisible.</p>
<h2>Un chantier de longue haleine</h2>
<p>Le prolongement de 19 kilomètres depuis Diamniadio a mobilisé près de 2 000 ouvriers et nécessité la construction de trois nouvelles gares. Selon la société d'exploitation, la ligne devrait transporter à terme <strong>250 000 voyageurs par jour</strong>, contre environ 115 000 aujourd'hui.</p>
<ul>
<li>Fréquence : un train toutes les dix minutes aux heures de pointe ;</li>
<li>amplitude : de 5 heures à minuit, sept jours sur sept ;</li>
<li>tarif aéroport : 3 000 francs CFA l'aller simple.</li>
</ul>
<h2>Le prix du billet fait débat</h2>
<p>Sur les quais, l'enthousiasme le dispute à la prudence. « Pour aller travailler à Diamniadio, c'est formidable. Mais 3 000 francs pour l'aéroport, ce n'est pas à la portée de toutes les familles », tempère Ousmane, chauffeur de taxi depuis vingt ans, qui craint aussi pour son activité.</p>
<blockquote><p>« Le train ne remplace pas les taxis, il change la façon dont la ville respire. » — Une urbaniste dakaroise</p></blockquote>
<p>Les autorités promettent un abonnement mensuel à tarif réduit pour les étudiants et les salariés d'ici la fin de l'année. Le calendrier et la grille tarifaire sont publiés sur <a href="https://www.example.org/ter-dakar/tarifs-2026">le site de l'exploitant</a>.</p>
<p><em>Notre rédactrice a effectué le trajet inaugural.</em></p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000002', 'kenya-la-secheresse-redessine-les-routes-des-eleveurs',
$$Kenya : la sécheresse redessine les routes des éleveurs du Nord$$,
$$Après une nouvelle saison des pluies défaillante, les éleveurs du comté de Marsabit parcourent des centaines de kilomètres pour abreuver leurs troupeaux. Autour des points d'eau, les tensions montent.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '96 hours', now() - interval '110 hours',
$$Dans le comté de Marsabit, au nord du Kenya, le paysage a pris la couleur de la poussière. Les pluies attendues en octobre ne sont tombées que quelques jours, et les pâturages n'ont pas eu le temps de reverdir. Pour sauver leurs troupeaux, des milliers d'éleveurs ont pris la route du sud, parfois jusqu'aux abords du mont Kenya. Selon les services vétérinaires du comté, près d'un quart du cheptel bovin a péri depuis le début de l'année. Les chameaux et les chèvres, plus résistants, deviennent la dernière richesse de nombreuses familles. Autour des forages encore en service, les files d'attente s'allongent et les disputes éclatent. Les anciens de plusieurs communautés ont conclu un accord pour partager l'accès aux puits, une initiative saluée par les autorités locales. Le gouvernement a annoncé le rachat d'une partie du bétail affaibli pour soutenir les revenus des éleveurs. Les organisations humanitaires jugent cependant l'aide insuffisante face à l'ampleur des besoins. Un rapport conjoint publié cette semaine, consultable en version intégrale sur https://www.example.org/rapport-secheresse-kenya-2026 depuis lundi, estime que 1,2 million de personnes ont besoin d'une aide alimentaire dans le Nord. Les météorologues annoncent des pluies proches de la normale pour la prochaine saison. Les éleveurs, eux, ont appris à se méfier des promesses du ciel.$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000003', 'a-goma-les-ecoles-rouvrent-malgre-l-afflux-de-deplaces',
$$À Goma, les écoles rouvrent malgré l'afflux de déplacés$$,
$$Dans l'est de la RDC, des centaines de milliers d'enfants reprennent le chemin des classes. Enseignants et parents improvisent pour accueillir les familles déplacées.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '335 hours', now() - interval '350 hours',
$$<p>La cloche a résonné lundi matin dans la cour de l'école primaire de Katindo, à Goma. Pour la première fois depuis des semaines, les salles de classe ont retrouvé leurs élèves, souvent serrés à trois par banc.</p>
<h2>Des classes surchargées</h2>
<p>Depuis le début de l'année, des dizaines de milliers de familles ayant fui les combats dans les territoires voisins se sont installées dans la ville et ses environs. Les enfants déplacés sont accueillis dans les écoles des quartiers <strong>sans frais d'inscription</strong>, à la demande des autorités provinciales de l'éducation.</p>
<ul>
<li>Certaines classes comptent plus de 90 élèves ;</li>
<li>les cours sont organisés en deux vacations, le matin et l'après-midi ;</li>
<li>des tentes fournies par des organisations humanitaires servent de salles supplémentaires.</li>
</ul>
<blockquote><p>« On manque de tout : de bancs, de cahiers, de craie. Mais on ne manque pas d'enfants qui veulent apprendre », confie une directrice d'école.</p></blockquote>
<h2>Un soutien psychologique indispensable</h2>
<p>De nombreux élèves ont vécu des violences ou perdu des proches. Des enseignants ont été formés pour repérer les signes de traumatisme et orienter les enfants vers des équipes d'écoute. <em>« Avant de leur apprendre à lire, il faut leur redonner confiance »</em>, résume un psychologue qui intervient dans plusieurs établissements.</p>
<p>Les agences humanitaires appellent à un financement d'urgence pour l'éducation dans la province du Nord-Kivu, détaillé dans <a href="https://www.example.org/appel-education-nord-kivu">leur appel conjoint</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000004', 'accra-lance-un-plan-d-urgence-contre-les-inondations',
$$Accra lance un plan d'urgence contre les inondations$$,
$$Après des pluies diluviennes qui ont paralysé la capitale ghanéenne, les autorités promettent de curer les caniveaux et de libérer le lit des rivières. Les habitants des zones inondables restent sceptiques.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '740 hours', now() - interval '746 hours',
$$Il a suffi de quatre heures de pluie pour transformer plusieurs quartiers d'Accra en rivières de boue. Des voitures ont été emportées, des marchés submergés et des centaines de familles ont dû passer la nuit chez des proches. Les secours ont recensé plusieurs blessés, mais aucune victime n'est à déplorer selon le dernier bilan officiel. Les autorités de la région du Grand Accra ont présenté mardi un plan d'urgence de 90 jours. Il prévoit le curage des principaux canaux d'évacuation, obstrués par les déchets plastiques, et la démolition des constructions bâties sur les berges de l'Odaw. Les urbanistes rappellent que le problème est ancien : la ville s'est étendue plus vite que ses réseaux de drainage. Les quartiers bas, comme ceux qui entourent le marché de Kaneshie, sont inondés presque chaque année. « On nous promet des travaux à chaque saison des pluies, et rien ne change », déplore une commerçante qui a perdu tout son stock de tissus. Le plan prévoit aussi un système d'alerte par SMS pour prévenir les habitants des zones à risque. La carte des zones inondables, publiée sur https://www.example.org/accra/carte-inondations par l'agence d'urbanisme, a été consultée des dizaines de milliers de fois en quelques jours. Les experts plaident pour des solutions durables, comme la création de bassins de rétention et la protection des zones humides. La saison des pluies doit se poursuivre jusqu'à la fin du mois de juillet.$$);

-- Politique ------------------------------------------------------------------------------------
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000005', 'cote-d-ivoire-les-deputes-adoptent-la-reforme-de-la-commission-electorale',
$$Côte d'Ivoire : les députés adoptent la réforme de la commission électorale$$,
$$Le texte élargit la place de la société civile au sein de l'organe chargé des élections. L'opposition salue une avancée mais réclame un audit de la liste électorale.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '30 hours', now() - interval '41 hours',
$$<p>Après trois jours de débats parfois vifs, l'Assemblée nationale ivoirienne a adopté jeudi soir, par 187 voix contre 41, le projet de loi réformant la Commission électorale indépendante. Le texte, fruit de plusieurs mois de dialogue politique, doit encore être examiné par le Sénat.</p>
<h2>Ce qui change</h2>
<ul>
<li>La société civile disposera de six sièges au bureau central, contre quatre auparavant ;</li>
<li>les commissions locales seront renouvelées tous les trois ans ;</li>
<li>les résultats seront publiés bureau de vote par bureau de vote, dans un délai de 72 heures.</li>
</ul>
<p>Cette dernière mesure était une demande ancienne des observateurs. <strong>La publication détaillée des résultats</strong> doit permettre à chaque parti de comparer les chiffres officiels avec les procès-verbaux recueillis par ses délégués.</p>
<h2>Une opposition partagée</h2>
<p>Une partie de l'opposition a voté le texte, estimant qu'il allait « dans le bon sens ». D'autres formations ont quitté l'hémicycle avant le vote et réclament un audit international de la liste électorale avant tout nouveau scrutin.</p>
<blockquote><p>« Une bonne loi ne suffit pas. Ce qui compte, c'est la confiance des électeurs le jour du vote », résume une politologue abidjanaise.</p></blockquote>
<p>Le gouvernement affirme que la liste sera révisée dès le mois prochain, avec des centres d'enrôlement mobiles dans les zones rurales. Le texte adopté est consultable sur <a href="https://www.example.org/ci/loi-commission-electorale">le portail de l'Assemblée</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000006', 'nigeria-les-gouverneurs-reclament-une-nouvelle-repartition-des-recettes',
$$Nigeria : les gouverneurs réclament une nouvelle répartition des recettes pétrolières$$,
$$Réunis à Abuja, les gouverneurs des 36 États demandent une révision de la formule de partage des revenus fédéraux. Le débat, ancien, revient avec force alors que les cours du brut reculent.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '120 hours', now() - interval '128 hours',
$$Réunis pendant deux jours à Abuja, les gouverneurs des 36 États de la fédération ont adopté une déclaration commune réclamant une révision de la formule de partage des recettes. Aujourd'hui, l'État fédéral conserve un peu plus de la moitié des revenus, le reste étant partagé entre les États et les collectivités locales. Les gouverneurs estiment que cette répartition ne correspond plus aux charges qui pèsent sur eux, de la santé à l'éducation en passant par la sécurité. La baisse des cours du pétrole a aggravé la situation de plusieurs États, contraints de retarder le paiement des salaires de leurs fonctionnaires. Les États producteurs du delta du Niger demandent en outre que la part qui leur est réservée soit relevée. Le ministère fédéral des Finances a pris acte de la déclaration, tout en rappelant que toute modification devra passer par la commission chargée des revenus puis par le Parlement. Les économistes soulignent que le débat masque une question plus profonde : la dépendance persistante du pays aux hydrocarbures. Plusieurs États ont d'ailleurs commencé à développer leurs recettes propres, notamment Lagos et Kaduna. La déclaration des gouverneurs est publiée sur https://www.example.org/nigeria/declaration-gouverneurs et les propositions techniques sur https://www.example.org/nigeria/formule-de-partage-2026 pour consultation publique. Une nouvelle réunion est prévue dans trois mois.$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000007', 'union-africaine-la-libre-circulation-revient-sur-la-table',
$$Union africaine : la libre circulation des personnes revient sur la table$$,
$$À Addis-Abeba, les ministres des Affaires étrangères ont relancé le protocole sur la libre circulation, ratifié par une poignée d'États seulement. Le passeport africain reste un horizon lointain.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '430 hours', now() - interval '437 hours',
$$<p>Le sujet revient à chaque sommet, et à chaque sommet il bute sur les mêmes réticences. Réunis cette semaine au siège de l'Union africaine à Addis-Abeba, les ministres des Affaires étrangères ont consacré une session entière au protocole sur la libre circulation des personnes, adopté en 2018 mais toujours pas entré en vigueur.</p>
<h2>Un protocole en panne</h2>
<p>Il faut quinze ratifications pour que le texte s'applique. Or <strong>seule une poignée d'États</strong> l'ont ratifié à ce jour. Les pays réticents invoquent des préoccupations sécuritaires, la crainte de flux migratoires incontrôlés ou l'absence de registres d'état civil fiables.</p>
<h2>Des exemples qui fonctionnent</h2>
<p>Plusieurs communautés régionales montrent pourtant que la libre circulation est possible :</p>
<ul>
<li>en Afrique de l'Ouest, les citoyens de la CEDEAO voyagent sans visa depuis des décennies ;</li>
<li>au sein de la Communauté d'Afrique de l'Est, une carte d'identité suffit pour passer plusieurs frontières ;</li>
<li>certains pays, comme le Rwanda ou le Bénin, ont largement ouvert leurs portes aux voyageurs africains.</li>
</ul>
<blockquote><p>« On ne peut pas construire un marché commun en laissant circuler les marchandises et en bloquant les personnes », a plaidé un diplomate ouest-africain.</p></blockquote>
<p>Les ministres ont chargé la Commission de proposer une feuille de route <em>par étapes</em>, en commençant par les étudiants, les chercheurs et les entrepreneurs. Le document de travail est consultable sur <a href="https://www.example.org/ua/libre-circulation-feuille-de-route">le site de la Commission</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000008', 'cameroun-la-decentralisation-a-l-epreuve-des-budgets-communaux',
$$Cameroun : la décentralisation à l'épreuve des budgets communaux$$,
$$Les maires camerounais dénoncent des transferts de fonds insuffisants et tardifs. Les compétences confiées aux communes restent souvent théoriques.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '900 hours', now() - interval '912 hours',
$$Réunis en congrès à Yaoundé, plusieurs centaines de maires ont dressé un constat sévère de la décentralisation. Depuis l'adoption du code général des collectivités territoriales, les communes sont censées gérer l'eau, l'éclairage public, les écoles primaires ou les centres de santé de base. Dans les faits, les moyens ne suivent pas. Les transferts de l'État arrivent souvent avec plusieurs mois de retard, obligeant les mairies à reporter leurs chantiers. « On nous confie des compétences, mais pas le budget qui va avec », résume le maire d'une commune rurale de l'Ouest. La loi prévoit qu'au moins 15 % des recettes de l'État soient transférées aux collectivités, un objectif encore loin d'être atteint selon les élus. Les régions, créées plus récemment, peinent elles aussi à trouver leur place. Certaines communes ont choisi de développer leurs propres ressources, en modernisant la collecte des taxes sur les marchés ou en numérisant le cadastre. Douala et Bafoussam sont souvent citées en exemple pour leurs efforts de transparence budgétaire. Le ministère chargé de la décentralisation promet un calendrier de versements plus prévisible dès l'an prochain. Les budgets détaillés des communes sont publiés sur https://www.example.org/cameroun/budgets-communaux afin que les citoyens puissent les comparer. Les élus, eux, attendent désormais des actes.$$);

-- Économie -------------------------------------------------------------------------------------
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000009', 'le-maroc-mise-sur-l-hydrogene-vert',
$$Le Maroc mise sur l'hydrogène vert pour conquérir les marchés européens$$,
$$Un consortium international va construire une usine d'ammoniac vert dans le sud du pays. Rabat veut devenir le premier exportateur africain d'énergie décarbonée.$$,
'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '20 hours', now() - interval '33 hours',
$$<p>Le Royaume franchit une nouvelle étape dans sa stratégie énergétique. Un consortium réunissant des investisseurs marocains, émiratis et européens a signé mardi une convention pour la construction d'une usine d'ammoniac vert dans la région de Guelmim-Oued Noun, pour un montant estimé à <strong>6,5 milliards de dollars</strong>.</p>
<h2>Du soleil et du vent à revendre</h2>
<p>Le projet repose sur un parc de 3 gigawatts combinant solaire et éolien, qui alimentera des électrolyseurs capables de produire jusqu'à 200 000 tonnes d'hydrogène par an. Transformé en ammoniac, plus facile à transporter, il sera exporté depuis un terminal dédié vers les ports du nord de l'Europe.</p>
<p>Les atouts du Maroc sont connus :</p>
<ul>
<li>un ensoleillement parmi les plus élevés au monde ;</li>
<li>des vents réguliers sur la façade atlantique ;</li>
<li>la proximité géographique avec l'Europe ;</li>
<li>l'expérience acquise avec le complexe solaire Noor de Ouarzazate.</li>
</ul>
<h2>La question de l'eau</h2>
<p>L'électrolyse consomme de grandes quantités d'eau, une ressource rare dans un pays frappé par plusieurs années de sécheresse. Les promoteurs assurent que l'usine sera alimentée par une station de dessalement, elle-même fonctionnant à l'énergie renouvelable.</p>
<blockquote><p>« L'hydrogène vert ne doit pas devenir une rente d'exportation de plus. Une partie de cette énergie doit servir l'industrie locale », estime une économiste basée à Rabat.</p></blockquote>
<p>Les premiers chargements sont attendus d'ici la fin de la décennie. D'ici là, le gouvernement doit encore préciser le cadre fiscal, décrit dans <a href="https://www.example.org/maroc/feuille-de-route-hydrogene">la feuille de route publiée par le ministère</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000010', 'mobile-money-les-fintechs-kenyanes-a-la-conquete-de-l-afrique-de-l-ouest',
$$Mobile money : les fintechs kényanes à la conquête de l'Afrique de l'Ouest$$,
$$Fortes de leur succès à domicile, plusieurs jeunes pousses de Nairobi s'implantent au Sénégal, en Côte d'Ivoire et au Ghana. Un pari sur l'interopérabilité des paiements.$$,
'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '150 hours', now() - interval '170 hours',
$$<p>Nairobi a longtemps été la capitale mondiale du paiement mobile. Ses fintechs regardent désormais vers l'ouest. En moins d'un an, trois jeunes pousses kényanes ont ouvert des bureaux à Dakar, Abidjan et Accra, attirées par un marché de plus de 400 millions d'habitants.</p>
<h2>Le pari de l'interopérabilité</h2>
<p>Leur argument : permettre à un commerçant d'accepter les paiements de n'importe quel opérateur, et à une famille d'envoyer de l'argent d'un pays à l'autre <strong>sans frais cachés</strong>. La mise en place progressive de systèmes régionaux de paiement instantané facilite leur arrivée.</p>
<ul>
<li>Au Sénégal, les transferts par téléphone dépassent déjà les retraits aux guichets bancaires ;</li>
<li>en Côte d'Ivoire, le nombre de comptes mobiles a doublé en cinq ans ;</li>
<li>au Ghana, le paiement par QR code s'impose chez les commerçants.</li>
</ul>
<h2>Une concurrence rude</h2>
<p>Le terrain est pourtant occupé par des opérateurs historiques puissants et par des champions locaux qui ont fait baisser les prix. « Les Kényans arrivent avec une technologie solide, mais ils doivent apprendre les habitudes de paiement d'ici, qui ne sont pas celles de Nairobi », observe un consultant installé à Abidjan.</p>
<blockquote><p>« En Afrique de l'Ouest, on ne gagne pas un marché avec une application. On le gagne avec un réseau d'agents de confiance dans chaque quartier. »</p></blockquote>
<p>Les régulateurs, de leur côté, surveillent de près la protection des données et la lutte contre le blanchiment. L'étude complète sur le marché régional est disponible auprès de <a href="https://www.example.org/etudes/mobile-money-afrique-ouest">notre partenaire de recherche</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000011', 'zlecaf-les-corridors-commerciaux-a-l-epreuve-du-terrain',
$$ZLECAf : les corridors commerciaux à l'épreuve du terrain$$,
$$La zone de libre-échange continentale progresse, mais les camionneurs attendent toujours des jours aux frontières. Sur le corridor nord, entre Mombasa et Kigali, le marché unique reste une promesse.$$,
'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '380 hours', now() - interval '392 hours',
$$Sur le papier, la Zone de libre-échange continentale africaine est l'un des plus vastes marchés du monde, avec 54 pays signataires et 1,4 milliard de consommateurs. Sur la route qui relie Mombasa à Kigali, la réalité est plus contrastée. Les chauffeurs routiers interrogés racontent des attentes de deux à trois jours à certains postes frontières, malgré la création de guichets uniques. Les droits de douane ont pourtant baissé sur des milliers de produits, et les certificats d'origine sont désormais délivrés en ligne dans plusieurs pays. Le Rwanda, le Kenya et le Ghana font partie des pays qui ont le plus rapidement adapté leurs procédures. Les exportateurs de produits transformés, comme les jus de fruits ou les cosmétiques, commencent à en mesurer les effets. « Nous vendons maintenant au Cameroun et en Tanzanie, ce qui était impensable il y a cinq ans », témoigne une entrepreneuse kigaloise de l'agroalimentaire. Les obstacles non tarifaires restent le principal frein : contrôles multiples, normes sanitaires divergentes, paiements en devises coûteux. Le système panafricain de paiement, censé permettre de régler ses achats en monnaie locale, monte en puissance mais reste peu connu des petites entreprises. Un tableau de bord des échanges, mis à jour chaque trimestre sur https://www.example.org/zlecaf/tableau-de-bord par les chercheurs, permet de suivre les progrès pays par pays. Les économistes jugent qu'il faudra encore une décennie pour que le marché unique tienne toutes ses promesses.$$);

-- Published under its first title, renamed a few hours later (at the end of this file).
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000012', 'cacao-la-recolte-intermediaire-s-annonce-bonne-en-cote-d-ivoire',
$$Cacao : la récolte intermédiaire s'annonce bonne en Côte d'Ivoire$$,
$$Après deux saisons difficiles, les premiers volumes de la campagne intermédiaire dépassent les attentes. Les planteurs espèrent que la hausse des prix profitera enfin à leurs revenus.$$,
'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '820 hours', now() - interval '829 hours',
$$Dans les plantations de la région de Soubré, le bruit des machettes qui ouvrent les cabosses a repris un rythme soutenu. Les premières semaines de la récolte intermédiaire, qui s'étend d'avril à septembre, affichent des volumes supérieurs aux prévisions. Les arrivages dans les ports d'Abidjan et de San-Pédro sont en hausse de près de 10 % par rapport à la même période de l'an dernier. Cette embellie intervient après deux saisons marquées par des pluies irrégulières et par la maladie du swollen shoot, qui a détruit des milliers d'hectares de vergers. La Côte d'Ivoire, premier producteur mondial, assure à elle seule plus du tiers de l'offre de cacao de la planète. Le prix garanti aux producteurs a été relevé à plusieurs reprises pour suivre la flambée des cours internationaux. « Pour la première fois depuis longtemps, je peux payer la scolarité de mes enfants sans m'endetter », témoigne un planteur de Méagui. Les coopératives restent prudentes, car le coût des engrais et de la main-d'œuvre a lui aussi fortement augmenté. La question du renouvellement des vergers vieillissants reste entière. Les arrivages sont publiés chaque semaine sur https://www.example.org/cacao/arrivages-ports et le programme de replantation est détaillé sur https://www.example.org/cacao/replantation-2026 pour les coopératives. Les exportateurs surveillent aussi l'entrée en vigueur des nouvelles règles européennes contre la déforestation, qui imposent une traçabilité stricte des fèves.$$);

-- Culture --------------------------------------------------------------------------------------
-- Published with a wrong budget, corrected publicly the next day (at the end of this file).
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000013', 'nollywood-se-reinvente-a-l-heure-du-streaming',
$$Nollywood se réinvente à l'heure du streaming$$,
$$Portée par les plateformes, l'industrie du cinéma nigérian soigne ses scénarios et ses budgets. Mais les petits producteurs craignent d'être laissés au bord de la route.$$,
'c0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '44 hours', now() - interval '52 hours',
$$<p>Dans un studio de Lekki, à Lagos, une équipe de soixante techniciens s'affaire autour d'un décor de palais ancien. Le film, une fresque historique sur le royaume du Bénin, dispose d'un budget de 2,1 millions de dollars : une somme inimaginable pour Nollywood il y a encore dix ans.</p>
<h2>Moins de films, plus d'ambition</h2>
<p>Longtemps célèbre pour produire plus de 2 000 films par an, souvent tournés en une semaine, l'industrie nigériane change de modèle. Les plateformes de streaming, qui se disputent les abonnés africains et ceux de la diaspora, exigent <strong>des scénarios plus travaillés</strong>, des images soignées et des sous-titres en plusieurs langues.</p>
<blockquote><p>« Avant, on tournait vite pour vendre des DVD au marché. Aujourd'hui, on réécrit un scénario six fois avant le premier jour de tournage. » — Une productrice lagosienne</p></blockquote>
<h2>Les indépendants sous pression</h2>
<p>Ce virage ne profite pas à tous. Les petits producteurs, qui faisaient la vitalité du secteur, peinent à convaincre des plateformes devenues plus sélectives. Certains se tournent vers les sites de vidéo en ligne, où des séries tournées en yoruba ou en igbo rassemblent des millions de vues.</p>
<ul>
<li>Les coproductions avec le Ghana et l'Afrique du Sud se multiplient ;</li>
<li>les écoles de cinéma de Lagos affichent complet ;</li>
<li>les salles de cinéma des centres commerciaux retrouvent leur public.</li>
</ul>
<p><em>Un festival lagosien consacrera une table ronde à ces mutations le mois prochain. Programme sur <a href="https://www.example.org/lagos-film-festival/programme">le site du festival</a>.</em></p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000014', 'a-bamako-les-manuscrits-anciens-entrent-dans-l-ere-numerique',
$$À Bamako, les manuscrits anciens entrent dans l'ère numérique$$,
$$Une équipe de conservateurs achève la numérisation de 40 000 manuscrits sauvés de Tombouctou. Un patrimoine savant désormais accessible aux chercheurs du monde entier.$$,
'c0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '215 hours', now() - interval '230 hours',
$$Dans une salle climatisée d'un quartier calme de Bamako, une dizaine de techniciens tournent avec précaution des pages jaunies par les siècles. Ces manuscrits, rédigés en arabe mais aussi en langues africaines transcrites en caractères arabes, traitent d'astronomie, de droit, de médecine ou de poésie. Beaucoup ont été mis à l'abri par des familles de Tombouctou qui les ont transportés, caisse par caisse, jusqu'à la capitale. Depuis quatre ans, une équipe de conservateurs maliens les restaure et les photographie un à un. Le cap des 40 000 documents numérisés vient d'être franchi. « Chaque page que nous scannons est une preuve de plus que l'Afrique a écrit son histoire », souligne la responsable du projet. Les images en haute définition sont désormais consultables gratuitement sur https://www.example.org/manuscrits-tombouctou/catalogue par les chercheurs comme par le grand public. Des universités du Maroc, du Sénégal et du Nigeria se sont associées pour traduire une sélection de textes. La conservation physique reste toutefois un défi, car la chaleur, l'humidité et les insectes menacent les originaux. Les familles propriétaires, qui restent dépositaires des manuscrits, souhaitent à terme les voir revenir à Tombouctou. Une exposition itinérante doit présenter une cinquantaine de pièces dans plusieurs capitales africaines l'an prochain.$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000015', 'au-cap-le-jazz-sud-africain-celebre-une-nouvelle-generation',
$$Au Cap, le jazz sud-africain célèbre une nouvelle génération$$,
$$Le grand festival de jazz du Cap a fait la part belle aux musiciens de moins de 30 ans. Entre héritage du jazz des townships et influences amapiano, une scène en pleine effervescence.$$,
'c0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '540 hours', now() - interval '548 hours',
$$<p>Trois jours, cinq scènes et plus de 35 000 spectateurs : le festival de jazz du Cap a une nouvelle fois confirmé son statut de grand rendez-vous musical du continent. Mais cette édition restera surtout comme celle de la relève.</p>
<h2>Une scène jeune et métissée</h2>
<p>Sur la scène principale, la pianiste Thandeka Mokoena, 26 ans, a livré un concert d'une heure et demie salué par une longue ovation. Son répertoire mêle les standards du <em>township jazz</em> des années 1960, les chants traditionnels xhosa et les rythmes de l'<strong>amapiano</strong>, ce genre électronique né dans les townships de Pretoria et de Johannesburg.</p>
<blockquote><p>« Nos aînés ont joué du jazz pour résister. Nous, nous en jouons pour raconter qui nous sommes devenus. » — Thandeka Mokoena</p></blockquote>
<h2>Transmettre l'héritage</h2>
<p>Le festival accueillait aussi des ateliers gratuits pour les jeunes musiciens des townships du Cap. Au programme :</p>
<ul>
<li>des classes de maître de saxophone et de contrebasse ;</li>
<li>une initiation à l'improvisation pour les moins de 18 ans ;</li>
<li>des rencontres avec des producteurs et des ingénieurs du son.</li>
</ul>
<p>Plusieurs concerts ont été enregistrés et seront diffusés en ligne. Les dates de diffusion sont annoncées sur <a href="https://www.example.org/cape-town-jazz/replays">la page du festival</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000016', 'a-kinshasa-la-rumba-congolaise-entre-a-l-ecole',
$$À Kinshasa, la rumba congolaise entre à l'école$$,
$$Inscrite au patrimoine immatériel de l'humanité, la rumba fait désormais l'objet de cours dans une trentaine d'écoles de la capitale. Un projet pilote porté par des musiciens et des enseignants.$$,
'c0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '1080 hours', now() - interval '1100 hours',
$$Depuis la rentrée, les élèves d'une trentaine d'écoles secondaires de Kinshasa suivent deux heures de cours de rumba par semaine. Au programme figurent l'histoire du genre, l'apprentissage de la guitare et des percussions, mais aussi l'analyse des textes des grands orchestres. Inscrite en 2021 au patrimoine culturel immatériel de l'humanité, la rumba congolaise est une fierté partagée par les deux rives du fleuve Congo. Le projet pilote est porté par un collectif de musiciens, d'enseignants et de chercheurs. « Nos enfants connaissent les tubes du moment, mais ignorent souvent d'où vient cette musique », explique un guitariste qui anime les ateliers. Les cours abordent aussi la façon dont la rumba a accompagné l'histoire du pays, des années de l'indépendance jusqu'à aujourd'hui. Dans la commune de Lingwala, une salle de classe a été transformée en studio d'enregistrement. Les élèves y ont composé leurs premières chansons, en lingala et en français. Un concert de fin d'année doit réunir les meilleurs groupes scolaires au mois de juin. Les partitions et les supports pédagogiques sont librement téléchargeables sur https://www.example.org/rumba-ecole/ressources pour les enseignants intéressés. Le ministère de la Culture envisage d'étendre le programme à d'autres provinces si l'évaluation est concluante.$$);

-- Sport ----------------------------------------------------------------------------------------
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000017', 'marathon-de-nairobi-la-releve-kenyane-s-impose-sous-la-pluie',
$$Marathon de Nairobi : la relève kényane s'impose sous la pluie$$,
$$Deux coureurs de moins de 23 ans ont remporté les épreuves masculine et féminine. Une performance qui confirme la profondeur du vivier kényan.$$,
'c0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '9 hours', now() - interval '14 hours',
$$Sous une pluie fine qui n'a cessé de tomber depuis l'aube, plus de 18 000 coureurs se sont élancés dimanche matin du centre de Nairobi. Chez les hommes, Daniel Kiprono, 22 ans, a franchi la ligne en 2 h 08 min 41 s, le meilleur temps jamais réalisé sur ce parcours exigeant. Il a devancé de onze secondes son compatriote Peter Wanjala, vainqueur l'an dernier. Chez les femmes, Faith Chebet, 21 ans, a dominé la course de bout en bout pour s'imposer en 2 h 24 min 15 s, loin devant ses poursuivantes. À 1 700 mètres d'altitude, ces chronos relèvent de l'exploit selon les entraîneurs présents. « J'ai couru pour ma mère, qui m'attendait au quarantième kilomètre », a confié la lauréate, encore essoufflée. Les organisateurs ont salué une participation record des coureurs amateurs, venus de 34 pays. Pour la première fois, une course en fauteuil a été intégrée au programme officiel. Les résultats complets et les classements par catégorie sont disponibles sur https://www.example.org/marathon-nairobi/resultats et seront homologués dans la semaine. La fédération kényane voit dans ces victoires la preuve que le renouvellement des générations est assuré. Plusieurs agents européens avaient d'ailleurs fait le déplacement pour observer les espoirs des centres d'entraînement d'Iten et d'Eldoret. Prochaine étape pour Daniel Kiprono : un premier grand marathon international au printemps.$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000018', 'lutte-senegalaise-l-arene-nationale-a-guichets-fermes',
$$Lutte sénégalaise : l'arène nationale à guichets fermés pour le combat de l'année$$,
$$Le choc entre Géant de Rufisque et Tonnerre de Mbour a tenu toutes ses promesses. Récit d'une soirée où la tradition a rencontré le spectacle.$$,
'c0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '180 hours', now() - interval '186 hours',
$$<p>Dès 14 heures, les abords de l'arène nationale de Pikine étaient noirs de monde. Plus de 20 000 spectateurs avaient pris place dans les gradins pour assister au combat le plus attendu de la saison : <strong>Géant de Rufisque</strong> contre <strong>Tonnerre de Mbour</strong>.</p>
<h2>Des heures de cérémonie</h2>
<p>Comme le veut la tradition, le combat proprement dit a été précédé de longues heures de rituels. Les <em>bakk</em>, ces chants de bravoure déclamés par les lutteurs, ont alterné avec les danses au son des tambours <em>sabar</em>. Chaque camp avait ses conseillers, ses gris-gris et ses bains mystiques, sous les yeux amusés des plus jeunes.</p>
<h2>Un combat de trois minutes</h2>
<p>Après tant d'attente, la confrontation n'a duré que trois minutes. Tonnerre de Mbour, plus léger de vingt kilos, a surpris son adversaire par une prise de jambe qui l'a envoyé au sol sous les clameurs du public.</p>
<blockquote><p>« J'ai préparé ce combat pendant huit mois. Ce soir, c'est tout Mbour qui a gagné », a lancé le vainqueur au micro.</p></blockquote>
<p>La lutte avec frappe dispute au football le titre de sport le plus populaire du pays. Elle fait vivre toute une économie :</p>
<ul>
<li>des cachets qui peuvent dépasser 100 millions de francs CFA pour les têtes d'affiche ;</li>
<li>des milliers d'emplois indirects, des tailleurs aux vendeurs ambulants ;</li>
<li>des droits de retransmission télévisée en forte hausse.</li>
</ul>
<p>Le calendrier de la saison est publié sur <a href="https://www.example.org/lutte/calendrier-saison">le site des organisateurs</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000019', 'can-feminine-les-lionnes-de-l-atlas-affutent-leurs-armes',
$$CAN féminine : les Lionnes de l'Atlas affûtent leurs armes$$,
$$Deux fois finalistes lors des dernières éditions, les Marocaines préparent le tournoi continental avec l'ambition d'aller enfin au bout. Reportage au centre de formation de Salé.$$,
'c0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '480 hours', now() - interval '490 hours',
$$<p>Sur les pelouses du complexe de football de Salé, la séance d'entraînement a commencé à 9 heures précises. Sous le regard du staff technique, les Lionnes de l'Atlas enchaînent les exercices de pressing, ballon au pied, avec une intensité qui surprend les visiteurs.</p>
<h2>Effacer les finales perdues</h2>
<p>Deux fois finalistes lors des dernières éditions, les Marocaines veulent franchir la dernière marche. « Nous avons appris à perdre des finales. Maintenant, nous voulons apprendre à les gagner », résume la capitaine, <strong>forte de plus de 90 sélections</strong>.</p>
<p>Le groupe mêle joueuses du championnat national, désormais semi-professionnel, et expatriées évoluant en Espagne, en France ou en Angleterre. Le sélectionneur a retenu 26 joueuses pour le stage de préparation.</p>
<ul>
<li>Trois matchs amicaux sont programmés, contre la Zambie, le Cameroun et la Jamaïque ;</li>
<li>un stage en altitude aura lieu à Ifrane ;</li>
<li>la liste définitive sera dévoilée dans trois semaines.</li>
</ul>
<h2>Un football féminin en plein essor</h2>
<p>Le nombre de licenciées a été multiplié par quatre en cinq ans, grâce notamment à des sections sport-études ouvertes dans chaque région. <em>Les affluences record des derniers tournois</em> ont convaincu les sponsors de suivre.</p>
<blockquote><p>« Les petites filles qui nous regardent aujourd'hui seront les championnes de demain. Nous leur devons ce titre. »</p></blockquote>
<p>Le programme de préparation est détaillé sur <a href="https://www.example.org/football-feminin/preparation-can">le site de la fédération</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000020', 'cameroun-le-football-feminin-franchit-le-cap-du-professionnalisme',
$$Cameroun : le football féminin franchit le cap du professionnalisme$$,
$$Dès la saison prochaine, les clubs de première division féminine devront salarier leurs joueuses. Une réforme saluée, mais qui inquiète les petits clubs.$$,
'c0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '990 hours', now() - interval '1001 hours',
$$La fédération camerounaise de football a annoncé la création d'un statut professionnel pour les joueuses de première division. À partir de la saison prochaine, chaque club devra proposer des contrats d'au moins douze mois à quinze joueuses de son effectif. Un salaire minimum sera garanti, ainsi qu'une couverture médicale et un congé maternité. Pour les internationales, qui ont souvent dû s'expatrier pour vivre de leur sport, la nouvelle est historique. « J'ai connu des saisons entières sans être payée, avec des entraînements sur des terrains en latérite », se souvient une ancienne joueuse devenue entraîneuse à Douala. Les dirigeants des petits clubs s'inquiètent toutefois du coût de la réforme. La fédération promet un fonds de soutien alimenté par les droits de diffusion et par les sponsors du championnat masculin. Les Lionnes indomptables, régulièrement qualifiées pour la Coupe du monde, devraient profiter d'un championnat plus compétitif. Le règlement complet est disponible sur https://www.example.org/football-cameroun/statut-joueuses pour les clubs et les joueuses. Plusieurs pays voisins observent l'expérience avec attention. Si elle réussit, elle pourrait servir de modèle à toute l'Afrique centrale.$$);

-- Réussite -------------------------------------------------------------------------------------
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000021', 'a-kigali-une-start-up-livre-du-sang-par-drone-aux-hopitaux-ruraux',
$$À Kigali, une start-up livre du sang par drone aux hôpitaux ruraux$$,
$$Fondée par deux ingénieures rwandaises, Inkingi Air assure désormais plus de 300 livraisons médicales par semaine. Un modèle qui intéresse déjà plusieurs pays voisins.$$,
'c0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '58 hours', now() - interval '70 hours',
$$<p>Le drone décolle dans un bourdonnement discret, catapulté depuis une rampe installée à la lisière de Kigali. Dans sa soute : quatre poches de sang destinées à un hôpital de district, à 120 kilomètres de là. Vingt-huit minutes plus tard, le colis touchera le sol, freiné par un petit parachute en papier.</p>
<h2>Deux ingénieures et une idée fixe</h2>
<p>Derrière <strong>Inkingi Air</strong>, il y a Claudine Uwase et Diane Mukamana, deux ingénieures formées à Kigali puis à Nairobi. « Nous avons perdu une amie d'enfance après un accouchement, faute de sang disponible à temps. Cette entreprise est née de cette colère », raconte la première.</p>
<p>Cinq ans après sa création, l'entreprise emploie 85 personnes et dessert 41 centres de santé. Ses résultats sont éloquents :</p>
<ul>
<li>plus de 300 livraisons par semaine ;</li>
<li>un délai moyen ramené de quatre heures à trente minutes ;</li>
<li>un gaspillage des poches de sang divisé par trois.</li>
</ul>
<h2>Cap sur la région</h2>
<p>Le modèle intéresse désormais le Burundi et la Tanzanie, où des essais doivent débuter l'an prochain. <em>Inkingi</em>, qui signifie « pilier » en kinyarwanda, vient de lever 12 millions de dollars auprès d'investisseurs africains.</p>
<blockquote><p>« Nous voulons prouver qu'une technologie de pointe peut être conçue et pilotée ici, par des Africains, pour des Africains. »</p></blockquote>
<p>Le rapport d'impact de l'entreprise est disponible sur <a href="https://www.example.org/inkingi-air/rapport-impact">son site</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000022', 'de-kumasi-a-londres-le-kente-devient-un-label-de-luxe',
$$De Kumasi à Londres, le kente devient un label de luxe$$,
$$Fille de tisserands ashanti, Abena Owusu a fait du tissu royal ghanéen la signature d'une marque de mode vendue dans douze pays. Sans jamais quitter les ateliers de son village.$$,
'c0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '250 hours', now() - interval '262 hours',
$$Abena Owusu a appris à compter en regardant son grand-père faire courir la navette sur le métier à tisser. Dans le village de Bonwire, près de Kumasi, le kente se transmet de génération en génération depuis des siècles. Après des études de stylisme à Accra, la jeune femme aurait pu partir travailler pour une grande maison européenne. Elle a préféré revenir au village avec une idée simple : faire du kente non plus un costume de cérémonie, mais une matière de luxe contemporaine. Sa marque, Adwene Studio, propose aujourd'hui des vestes, des sacs et des robes vendus dans douze pays. Les bandes de tissu sont toujours tissées à la main par une quarantaine d'artisans, payés bien au-dessus du salaire moyen de la région. « Je ne vends pas du folklore, je vends le savoir-faire de mon village », répète-t-elle aux acheteurs. Le succès est venu d'une collaboration avec une boutique londonienne, puis d'un défilé remarqué à Lagos. La créatrice a également fondé une école de tissage pour que les plus jeunes reprennent le flambeau. Elle publie chaque année un rapport sur la rémunération de ses artisans, disponible sur https://www.example.org/adwene-studio/transparence pour qui veut le consulter. Son prochain défi : obtenir une indication géographique protégée pour le kente de Bonwire, afin de lutter contre les imitations imprimées à l'autre bout du monde.$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000023', 'abidjan-un-jeune-ingenieur-transforme-les-dechets-plastiques-en-paves',
$$Abidjan : un jeune ingénieur transforme les déchets plastiques en pavés$$,
$$À 29 ans, Serge Kouadio recycle chaque mois 60 tonnes de plastique en pavés et en briques. Son entreprise fait travailler une centaine de collecteurs dans les quartiers populaires.$$,
'c0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '600 hours', now() - interval '615 hours',
$$<p>Dans la zone industrielle de Yopougon, une odeur âcre flotte au-dessus des fours. Des sacs de bouteilles et de sachets d'eau usagés s'entassent jusqu'au plafond. Ici, <strong>Serge Kouadio</strong> et ses 45 salariés transforment chaque mois près de 60 tonnes de plastique en pavés, en briques et en bordures de trottoir.</p>
<h2>Du sachet d'eau au pavé</h2>
<p>Le procédé, mis au point pendant ses études d'ingénieur à Yamoussoukro, consiste à broyer le plastique, à le faire fondre puis à le mélanger à du sable. Le résultat : un pavé deux fois plus léger que son équivalent en béton, et <em>tout aussi résistant</em> selon les essais d'un laboratoire public.</p>
<ul>
<li>60 tonnes de plastique recyclées chaque mois ;</li>
<li>une centaine de collecteurs rémunérés au kilo dans les quartiers ;</li>
<li>des prix inférieurs de 15 % à ceux du béton.</li>
</ul>
<h2>Des collecteurs au cœur du modèle</h2>
<p>L'entreprise achète le plastique à des collecteurs, en majorité des femmes, qui arpentent les quartiers d'Abobo et de Yopougon. « Avant, je ramassais pour presque rien. Maintenant, c'est mon vrai métier », témoigne l'une d'elles.</p>
<blockquote><p>« Le plastique n'est pas un déchet, c'est une matière première mal rangée. »</p></blockquote>
<p>Plusieurs communes du district d'Abidjan ont déjà commandé des pavés pour leurs places publiques. Serge Kouadio présente son projet sur <a href="https://www.example.org/paves-verts/projet">le site de son entreprise</a> et cherche des investisseurs pour ouvrir une deuxième usine à Bouaké.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000024', 'lagos-une-ecole-de-code-gratuite-a-deja-forme-2000-developpeuses',
$$Lagos : une école de code gratuite a déjà formé 2 000 développeuses$$,
$$Fondée par une ingénieure logiciel revenue au pays, l'association Yaba Code Sisters forme gratuitement des jeunes femmes aux métiers du numérique. Plus de huit diplômées sur dix trouvent un emploi dans l'année.$$,
'c0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '1180 hours', now() - interval '1196 hours',
$$Dans une ancienne imprimerie du quartier de Yaba, le cœur technologique de Lagos, une cinquantaine de jeunes femmes tapent des lignes de code en silence. Elles ont entre 18 et 30 ans et, pour la plupart, n'avaient jamais touché un ordinateur avant d'arriver ici. Yaba Code Sisters a été fondée il y a six ans par Ngozi Adeyemi, une ingénieure logiciel revenue au pays après une carrière à l'étranger. Le principe est simple : six mois de formation intensive et gratuite, avec un ordinateur portable prêté et une allocation de transport. En échange, les diplômées s'engagent à encadrer à leur tour la promotion suivante. Plus de 2 000 jeunes femmes ont déjà suivi le programme, et 83 % d'entre elles ont trouvé un emploi dans l'année. Certaines travaillent à distance pour des entreprises européennes ou américaines, d'autres ont rejoint les jeunes pousses nigérianes. « On me disait que la programmation n'était pas pour les filles, aujourd'hui je dirige une équipe de six développeurs », raconte une ancienne élève. L'association est financée par des entreprises technologiques et par des dons de la diaspora. Elle publie ses résultats détaillés sur https://www.example.org/yaba-code-sisters/resultats afin de convaincre de nouveaux partenaires. Un second campus doit ouvrir à Abuja l'an prochain. La liste d'attente compte déjà plus de 5 000 candidates.$$);

-- Tribune libre --------------------------------------------------------------------------------
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000025', 'tribune-pour-une-presse-africaine-qui-raconte-l-afrique',
$$Tribune : pour une presse africaine qui raconte l'Afrique$$,
$$Trop longtemps, l'actualité du continent a été écrite depuis ailleurs. Notre rédactrice en chef plaide pour un journalisme de proximité, exigeant et indépendant.$$,
'c0000000-0000-4000-8000-000000000007', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '75 hours', now() - interval '98 hours',
$$<p><em>Par Aminata Diallo, rédactrice en chef.</em></p>
<p>Combien de fois avons-nous lu notre propre actualité à travers le regard d'autrui ? Les crises, les coups de force, les épidémies : voilà trop souvent ce que le monde retient de l'Afrique. Non que ces réalités soient inventées, mais elles ne disent pas tout, et surtout pas l'essentiel.</p>
<h2>Raconter le quotidien</h2>
<p>L'essentiel, c'est l'infirmière de Bouaké qui invente un système de rappel de vaccination par SMS, l'agricultrice de Thiès qui double ses rendements, la romancière de Douala qui remplit les librairies. C'est aussi le débat budgétaire d'une commune, qui pèse davantage sur la vie des habitants que bien des sommets internationaux.</p>
<blockquote><p>Un continent de 1,4 milliard d'habitants mérite mieux qu'une actualité en trois clichés.</p></blockquote>
<h2>Nos engagements</h2>
<p>Cette tribune est aussi un contrat avec nos lecteurs. Nous nous engageons à :</p>
<ul>
<li><strong>vérifier</strong> chaque information auprès de plusieurs sources ;</li>
<li><strong>donner la parole</strong> à celles et ceux que l'on n'entend jamais ;</li>
<li><strong>corriger</strong> publiquement nos erreurs ;</li>
<li><strong>rester indépendants</strong> de tout pouvoir politique ou économique.</li>
</ul>
<p>Notre charte éditoriale est publiée en intégralité sur <a href="https://www.example.org/charte-editoriale">notre site</a>. Lisez-la, discutez-la, interpellez-nous : une presse libre se construit avec ses lecteurs.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000026', 'tribune-les-langues-africaines-ont-leur-place-a-l-ecole',
$$Tribune : les langues africaines ont leur place à l'école$$,
$$Apprendre à lire dans une langue que l'on ne parle pas à la maison reste la règle pour des millions d'enfants. Il est temps de changer de méthode, plaide notre chroniqueuse.$$,
'c0000000-0000-4000-8000-000000000007', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '290 hours', now() - interval '300 hours',
$$Imaginez un enfant de six ans qui entre à l'école et découvre que la maîtresse parle une langue qu'il ne comprend pas. C'est pourtant la réalité de millions d'élèves sur le continent, qui apprennent à lire en français ou en anglais sans maîtriser ni l'un ni l'autre. Les conséquences sont connues : des redoublements en cascade, des abandons précoces et un sentiment d'échec qui colle à la peau. Les recherches menées depuis trente ans convergent pourtant vers une conclusion simple. Un enfant qui apprend d'abord à lire dans sa langue maternelle apprend ensuite plus facilement une seconde langue. Plusieurs pays l'ont compris et expérimentent un enseignement bilingue dans les premières années du primaire. Au Sénégal, des classes en wolof, en pulaar ou en sérère obtiennent des résultats encourageants. Au Burkina Faso et au Niger, des programmes similaires existent depuis longtemps, mais manquent de moyens. Le principal obstacle n'est pas pédagogique, il est politique. On continue de croire que nos langues seraient incapables de porter les mathématiques ou les sciences, ce que démentent les travaux des linguistes. Une synthèse de ces recherches est accessible sur https://www.example.org/education/langues-maternelles-synthese pour les décideurs curieux. Former des enseignants, produire des manuels, reconnaître ces langues aux examens : la tâche est immense. Elle est aussi la condition d'une école qui ne laisse personne au bord du chemin.$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000027', 'tribune-la-jeunesse-africaine-n-est-pas-un-probleme-c-est-la-solution',
$$Tribune : la jeunesse africaine n'est pas un problème, c'est la solution$$,
$$On parle de la jeunesse du continent comme d'une bombe à retardement. C'est se tromper de diagnostic, estime notre éditorialiste.$$,
'c0000000-0000-4000-8000-000000000007', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '670 hours', now() - interval '690 hours',
$$<p><em>Par Jean-Baptiste Mbarga, éditorialiste.</em></p>
<p>Dans les rapports internationaux, la formule revient sans cesse : la jeunesse africaine serait une « bombe démographique ». L'expression est commode, elle fait peur, et elle est fausse. Une population jeune n'est pas une menace ; elle le devient seulement quand on refuse de lui faire de la place.</p>
<h2>Une génération qui n'attend pas</h2>
<p>Regardez autour de vous. Les jeunes Africains créent des entreprises, codent des applications, inventent des modes de paiement et réinventent la musique mondiale. Ils le font souvent <strong>sans crédit, sans réseau et sans aide publique</strong>. Imaginez ce qu'ils feraient avec.</p>
<h2>Trois chantiers urgents</h2>
<ul>
<li><strong>L'accès au financement</strong> : les banques prêtent trop peu aux moins de 35 ans, jugés trop risqués ;</li>
<li><strong>la formation professionnelle</strong> : trop de diplômés sortent d'universités déconnectées des besoins des entreprises ;</li>
<li><strong>la représentation politique</strong> : l'âge des dirigeants du continent dépasse souvent de quarante ans l'âge médian de leurs populations.</li>
</ul>
<blockquote><p>Un continent dont l'âge médian est de 19 ans ne peut pas être gouverné comme s'il en avait 70.</p></blockquote>
<p>Rien de tout cela n'est une fatalité. Les chiffres de l'emploi des jeunes, compilés dans <a href="https://www.example.org/emploi-jeunes-afrique-2026">ce rapport de référence</a>, montrent que les pays qui investissent dans la formation et l'entrepreneuriat obtiennent des résultats rapides. La jeunesse africaine n'attend pas qu'on la sauve. Elle attend qu'on cesse de lui barrer la route.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000028', 'tribune-l-afrique-paie-une-facture-climatique-qu-elle-n-a-pas-emise',
$$Tribune : l'Afrique paie une facture climatique qu'elle n'a pas émise$$,
$$Le continent émet moins de 4 % des gaz à effet de serre mondiaux mais subit de plein fouet sécheresses et inondations. La justice climatique ne peut plus rester un slogan.$$,
'c0000000-0000-4000-8000-000000000007', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '1300 hours', now() - interval '1330 hours',
$$L'Afrique est responsable de moins de 4 % des émissions mondiales de gaz à effet de serre. Elle est pourtant l'une des régions du monde les plus exposées aux conséquences du dérèglement climatique. Sécheresses à répétition dans la Corne de l'Afrique, inondations au Sahel, érosion côtière dans le golfe de Guinée : la liste s'allonge chaque année. Pour les agriculteurs qui dépendent de la pluie, ces bouleversements ne sont pas des projections, mais une réalité quotidienne. Les pays riches se sont engagés à mobiliser des financements pour aider les pays vulnérables à s'adapter. Les montants effectivement versés restent très en deçà des besoins, et une large part prend la forme de prêts qui alourdissent des dettes déjà lourdes. L'injustice est double : non seulement nous payons pour une pollution que nous n'avons pas causée, mais nous payons à crédit. Il ne s'agit pas de demander la charité. Il s'agit d'exiger que les engagements pris soient tenus, et que l'argent de l'adaptation arrive sous forme de dons, directement aux collectivités qui en ont besoin. Les chiffres de ces promesses non tenues, compilés sur https://www.example.org/finance-climat/suivi-engagements par des chercheurs indépendants, parlent d'eux-mêmes. L'Afrique a aussi des solutions à proposer au monde, du solaire décentralisé à la restauration des terres dégradées. Encore faut-il lui donner les moyens de les déployer. La justice climatique ne peut plus rester un slogan de sommet international.$$);

-- Drafts: visible to administrators only. The trigger keeps their published_at null.
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000029', 'senegal-le-gaz-offshore-entre-en-phase-de-production',
$$Sénégal : le gaz offshore entre en phase de production$$,
$$Les premières cargaisons de gaz naturel liquéfié ont quitté la plateforme installée à la frontière maritime avec la Mauritanie. Reste à savoir comment les revenus seront partagés.$$,
'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'draft',
null, now() - interval '26 hours',
$$<p>Les premières cargaisons de gaz naturel liquéfié ont quitté cette semaine l'unité flottante installée au large de Saint-Louis, à la frontière maritime entre le Sénégal et la Mauritanie.</p>
<h2>Des revenus très attendus</h2>
<p>Les deux pays se partagent à parts égales la production du gisement. Les autorités sénégalaises estiment que les recettes pourraient atteindre <strong>plusieurs centaines de milliards de francs CFA par an</strong> à plein régime.</p>
<ul>
<li>Production prévue : environ 2,3 millions de tonnes par an dans une première phase ;</li>
<li>une partie du gaz sera réservée au marché intérieur pour produire de l'électricité.</li>
</ul>
<p><em>À compléter : réaction des pêcheurs de Saint-Louis et avis d'un économiste sur le fonds souverain.</em></p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000030', 'afrique-du-sud-les-delestages-electriques-reculent-nettement',
$$Afrique du Sud : les délestages électriques reculent nettement$$,
$$Pour la première fois depuis des années, les Sud-Africains ont traversé l'hiver presque sans coupures programmées. Le réseau reste toutefois fragile.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'draft',
null, now() - interval '5 hours',
$$Pour la première fois depuis des années, l'hiver austral s'est achevé sans vague majeure de délestages en Afrique du Sud. Les coupures programmées, qui ont longtemps rythmé la vie des ménages et des entreprises, sont devenues exceptionnelles. La remise en état de plusieurs unités des centrales à charbon explique en grande partie cette amélioration. L'essor spectaculaire des panneaux solaires sur les toits des maisons et des commerces a également allégé la demande sur le réseau. Les industriels saluent un retour à la normale qui leur permet de relancer leurs investissements. Les experts rappellent cependant que le parc de production reste vieillissant et que la moindre panne peut raviver les difficultés. Le plan national pour l'énergie est consultable sur https://www.example.org/afrique-du-sud/plan-energie pour qui souhaite en savoir plus. Les syndicats, eux, s'inquiètent de la hausse continue des tarifs de l'électricité.$$);

-- The journalist's desk: one article sent for review ("À relire"), waiting for an administrator to
-- publish it, and one still being written. Private like the drafts above; the journalist sees and
-- edits only these two, the administrators all of them.
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000032', 'mali-a-segou-les-riziculteurs-de-l-office-du-niger-esperent-une-recolte-record',
$$Mali : à Ségou, les riziculteurs de l'Office du Niger espèrent une récolte record$$,
$$Des pluies régulières, des canaux curés à temps et des semences améliorées : dans la zone irriguée de l'Office du Niger, les producteurs de riz attendent leur meilleure campagne depuis dix ans. Le prix des engrais reste leur principale inquiétude.$$,
'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000005', 'review',
null, now() - interval '30 hours',
$$<p>À Niono, à une centaine de kilomètres au nord de Ségou, les rizières forment un damier vert tendre jusqu'à l'horizon. Courbé sur sa parcelle, Bakary, 52 ans, arrache les dernières mauvaises herbes avant la montaison. « Je n'ai jamais vu les tiges aussi hautes à cette période », sourit-il.</p>
<h2>Une campagne bien engagée</h2>
<p>Dans la zone aménagée de l'Office du Niger, qui irrigue plus de 140 000 hectares grâce aux eaux du fleuve, les conditions sont réunies pour une récolte exceptionnelle. Les canaux secondaires ont été curés avant l'hivernage et les pluies sont tombées avec régularité depuis juillet.</p>
<ul>
<li>Rendement attendu : jusqu'à <strong>6 tonnes à l'hectare</strong> sur les meilleures parcelles ;</li>
<li>semences : des variétés améliorées distribuées à près de 20 000 exploitants ;</li>
<li>récolte : à partir de la mi-novembre, selon les zones.</li>
</ul>
<h2>L'engrais, le nerf de la guerre</h2>
<p>Tout n'est pas rose pour autant. Le sac d'urée de 50 kilos a franchi la barre des 20 000 francs CFA sur les marchés de Niono, et la subvention publique n'a couvert qu'une partie des besoins. « Ceux qui n'ont pas pu acheter l'engrais à temps verront la différence à la récolte », prévient une responsable d'une coopérative de femmes étuveuses de riz.</p>
<blockquote><p>« Une bonne saison ne suffit pas. Il faut que le riz trouve preneur à un prix juste. » — Un producteur de Macina</p></blockquote>
<p>Les organisations paysannes demandent que les commerçants s'engagent sur un prix plancher avant la récolte. Les chiffres de la campagne sont publiés sur <a href="https://www.example.org/office-du-niger/campagne-2026">le site de l'Office</a>.</p>$$);

insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000033', 'niamey-surveille-la-montee-du-fleuve-niger',
$$Niamey surveille la montée du fleuve Niger$$,
$$Le fleuve a atteint la cote d'alerte à Niamey. Les habitants des quartiers riverains renforcent les digues avec des sacs de sable, pendant que les autorités préparent des sites d'accueil.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000005', 'draft',
null, now() - interval '4 hours',
$$Le niveau du fleuve Niger a franchi cette semaine la cote d'alerte à la station hydrométrique de Niamey. Dans les quartiers de Kirkissoye et de Lamordé, sur la rive droite, les habitants remplissent des sacs de sable pour rehausser les digues de fortune qui protègent leurs maisons. Les autorités municipales ont recensé plusieurs centaines de familles exposées et préparent des écoles pour les accueillir si l'eau continue de monter. Les hydrologues attribuent cette crue précoce aux fortes pluies tombées en amont, au Mali et au Burkina Faso. Le bulletin de l'autorité du bassin du fleuve est consultable sur https://www.example.org/bassin-niger/bulletin-crue depuis mardi. À compléter : chiffres de la protection civile, témoignage d'un maraîcher de la rive droite, photos des digues.$$);

-- ---------------------------------------------------------------------------------------------
-- Audience over the last 90 days, busier recently, so the 7, 30 and 90-day statistics differ.
-- Fixed random seed: every fresh database gets the same counts (relative to its creation time).
-- ---------------------------------------------------------------------------------------------
select setseed(0.2026);

-- Each published article is read in the three weeks after its publication (or until now), mostly
-- in its first days, as news is: so the 7, 30 and 90-day top lists differ too. Never before
-- publication nor in the future, since random() is in [0, 1). Drafts are never read.
insert into public.article_views (article_id, created_at)
select a.id, a.published_at + least(now() - a.published_at, interval '21 days') * power(random(), 2)
from public.articles a
cross join lateral generate_series(1, 40 + abs(hashtext(a.slug)) % 160) as g(n)
where a.status = 'published';

-- Every article view is also a page view of that article's page.
insert into public.page_views (path, created_at)
select '/article/' || a.slug, v.created_at
from public.article_views v join public.articles a on a.id = v.article_id;

-- The other pages: from about 110 a day today down to about 20 a day three months ago.
insert into public.page_views (path, created_at)
select case
         when x.r < 0.45 then '/'
         when x.r < 0.85 then '/category/' || (array['actualite', 'politique', 'economie', 'culture', 'sport', 'reussite', 'tribune-libre'])[1 + floor(x.s * 7)::int]
         when x.r < 0.93 then '/about'
         when x.r < 0.97 then '/contact'
         else '/auth'
       end,
       x.at
from (
  select now() - make_interval(days => d) - random() * interval '1 day' as at, random() as r, random() as s
  from generate_series(0, 88) as d
  cross join lateral generate_series(1, floor(20 + 90 * exp(-d / 20.0))::int) as n
) x;

-- The counts are what record_article_view would have counted.
insert into public.article_view_counts (article_id, view_count)
select article_id, count(*)::int from public.article_views group by article_id;

-- Politique, the archive: ten older stories, so that a category runs past one page (page 2 and its
-- pager exist, issue 25). Short plain-text bodies.
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000101', 'senegal-l-assemblee-vote-la-loi-sur-l-acces-a-l-information',
$$Sénégal : l'Assemblée vote la loi sur l'accès à l'information$$,
$$Les administrations auront trente jours pour répondre aux demandes des citoyens et des journalistes.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '6 days', now() - interval '6 days 5 hours',
$$Les administrations auront trente jours pour répondre aux demandes des citoyens et des journalistes. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000102', 'benin-la-cour-constitutionnelle-valide-le-calendrier-electoral',
$$Bénin : la Cour constitutionnelle valide le calendrier électoral$$,
$$Les scrutins législatif et communal auront lieu le même jour, une première depuis la réforme de 2019.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '7 days', now() - interval '7 days 5 hours',
$$Les scrutins législatif et communal auront lieu le même jour, une première depuis la réforme de 2019. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000103', 'kenya-les-gouverneurs-reclament-plus-de-moyens-pour-les-comtes',
$$Kenya : les gouverneurs réclament plus de moyens pour les comtés$$,
$$Ils demandent que la part du budget national reversée aux comtés passe de 15 à 20 %.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '8 days', now() - interval '8 days 5 hours',
$$Ils demandent que la part du budget national reversée aux comtés passe de 15 à 20 %. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000104', 'mali-les-partis-politiques-retrouvent-le-droit-de-se-reunir',
$$Mali : les partis politiques retrouvent le droit de se réunir$$,
$$La levée de la suspension ouvre une période de concertation avant la révision de la charte des partis.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '9 days', now() - interval '9 days 5 hours',
$$La levée de la suspension ouvre une période de concertation avant la révision de la charte des partis. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000105', 'ghana-le-parlement-adopte-la-loi-sur-le-financement-des-partis',
$$Ghana : le Parlement adopte la loi sur le financement des partis$$,
$$Les dons étrangers sont interdits et chaque parti devra publier ses comptes chaque année.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '10 days', now() - interval '10 days 5 hours',
$$Les dons étrangers sont interdits et chaque parti devra publier ses comptes chaque année. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000106', 'cameroun-la-decentralisation-franchit-une-nouvelle-etape',
$$Cameroun : la décentralisation franchit une nouvelle étape$$,
$$Les régions recevront dès janvier la gestion des lycées et des routes rurales.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '11 days', now() - interval '11 days 5 hours',
$$Les régions recevront dès janvier la gestion des lycées et des routes rurales. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000107', 'tunisie-les-municipales-partielles-mobilisent-peu',
$$Tunisie : les municipales partielles mobilisent peu$$,
$$La participation n'a pas dépassé 18 % dans les onze communes appelées aux urnes.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '12 days', now() - interval '12 days 5 hours',
$$La participation n'a pas dépassé 18 % dans les onze communes appelées aux urnes. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000108', 'zambie-un-code-electoral-plus-strict-sur-les-depenses-de-campagne',
$$Zambie : un code électoral plus strict sur les dépenses de campagne$$,
$$Les candidats devront déclarer leurs dépenses dans un compte unique, contrôlé par la commission électorale.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'published',
now() - interval '13 days', now() - interval '13 days 5 hours',
$$Les candidats devront déclarer leurs dépenses dans un compte unique, contrôlé par la commission électorale. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000109', 'gabon-la-transition-presente-son-projet-de-constitution',
$$Gabon : la transition présente son projet de Constitution$$,
$$Le texte limite le mandat présidentiel à sept ans, renouvelable une fois, et supprime le poste de Premier ministre.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004', 'published',
now() - interval '14 days', now() - interval '14 days 5 hours',
$$Le texte limite le mandat présidentiel à sept ans, renouvelable une fois, et supprime le poste de Premier ministre. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content) values (
'b0000000-0000-4000-8000-000000000110', 'union-africaine-les-observateurs-electoraux-publient-leur-guide',
$$Union africaine : les observateurs électoraux publient leur guide$$,
$$Le document fixe des règles communes pour les missions d'observation déployées sur le continent.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '15 days', now() - interval '15 days 5 hours',
$$Le document fixe des règles communes pour les missions d'observation déployées sur le continent. Le texte a été présenté cette semaine et doit entrer en vigueur dans les prochains mois. Ses partisans y voient un progrès pour la transparence de la vie publique. Ses détracteurs demandent des moyens pour l'appliquer. La rédaction reviendra sur sa mise en œuvre.$$);

-- « En direct » (docs/product.md#en-direct): an election night followed live, its coverage still
-- open (its last entry a few minutes before the seed ran). Fictional: an unnamed country, invented
-- candidates. Its entries are written at the end of this file.
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content, format) values (
'b0000000-0000-4000-8000-000000000401', 'presidentielle-la-soiree-electorale-en-direct',
$$Présidentielle : la soirée électorale en direct$$,
$$Fermeture des bureaux, dépouillement, premières tendances : suivez minute par minute le second tour entre Mariama Sow et Ousmane Diagne.$$,
'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'published',
now() - interval '4 hours', now() - interval '5 hours',
$$Les bureaux de vote ferment à 18 heures. Nos journalistes suivent le dépouillement dans les régions et au siège de la commission électorale. Les résultats officiels provisoires sont attendus dans la nuit.$$,
'live');

-- « Points clés » on more than a third of the articles (issue 25: the sample shows the feature).
update public.articles set key_points = array[
  'Les citoyens pourront exiger des documents publics.', 'Réponse obligatoire sous trente jours.', 'Une autorité indépendante tranchera les refus.']
where slug = 'senegal-l-assemblee-vote-la-loi-sur-l-acces-a-l-information';
update public.articles set key_points = array['Législatives et communales le même jour.', 'Le calendrier est désormais définitif.']
where slug = 'benin-la-cour-constitutionnelle-valide-le-calendrier-electoral';
update public.articles set key_points = array['Les comtés veulent 20 % du budget national.', 'Le Sénat doit se prononcer avant juin.']
where slug = 'kenya-les-gouverneurs-reclament-plus-de-moyens-pour-les-comtes';
update public.articles set key_points = array['Fin de la suspension des activités des partis.', 'Une concertation doit réviser leur charte.']
where slug = 'mali-les-partis-politiques-retrouvent-le-droit-de-se-reunir';
update public.articles set key_points = array['Dons étrangers interdits.', 'Comptes des partis publiés chaque année.']
where slug = 'ghana-le-parlement-adopte-la-loi-sur-le-financement-des-partis';
update public.articles set key_points = array['Les régions gèrent lycées et routes rurales.', 'Transfert prévu dès janvier.']
where slug = 'cameroun-la-decentralisation-franchit-une-nouvelle-etape';
update public.articles set key_points = array['Participation de 18 %.', 'Onze communes appelées aux urnes.']
where slug = 'tunisie-les-municipales-partielles-mobilisent-peu';
update public.articles set key_points = array['Un compte unique pour les dépenses de campagne.', 'La commission électorale le contrôle.']
where slug = 'zambie-un-code-electoral-plus-strict-sur-les-depenses-de-campagne';
update public.articles set key_points = array['Mandat de sept ans, renouvelable une fois.', 'Plus de Premier ministre.']
where slug = 'gabon-la-transition-presente-son-projet-de-constitution';
update public.articles set key_points = array['Des règles communes pour les missions d''observation.', 'Un guide publié par l''Union africaine.']
where slug = 'union-africaine-les-observateurs-electoraux-publient-leur-guide';
update public.articles set key_points = array[
  'La société civile passe de quatre à six sièges.', 'Les résultats publiés bureau par bureau sous 72 heures.', 'Le Sénat doit encore examiner le texte.']
where slug = 'cote-d-ivoire-les-deputes-adoptent-la-reforme-de-la-commission-electorale';
update public.articles set key_points = array['Le TER relie Dakar à l''aéroport Blaise-Diagne.', 'Un train toutes les dix minutes aux heures de pointe.', 'Trois nouvelles gares depuis Diamniadio.']
where slug = 'dakar-le-train-express-regional-relie-enfin-l-aeroport';
update public.articles set key_points = array['Une usine d''ammoniac vert dans le sud du Maroc.', 'Électricité solaire et éolienne pour l''électrolyse.']
where slug = 'le-maroc-mise-sur-l-hydrogene-vert';
update public.articles set key_points = array['Les plateformes de streaming financent Nollywood.', 'Elles exigent des scénarios plus soignés.']
where slug = 'nollywood-se-reinvente-a-l-heure-du-streaming';
update public.articles set key_points = array['Des drones livrent du sang aux hôpitaux ruraux.', 'Les poches sont larguées en parachute.']
where slug = 'a-kigali-une-start-up-livre-du-sang-par-drone-aux-hopitaux-ruraux';
update public.articles set key_points = array['L''arène nationale affiche complet.', 'La lutte reste le sport roi au Sénégal.']
where slug = 'lutte-senegalaise-l-arene-nationale-a-guichets-fermes';
update public.articles set key_points = array[
  'Second tour entre Mariama Sow et Ousmane Diagne.', 'Participation autour de 61 % à la fermeture.', 'Résultats provisoires attendus dans la nuit.']
where slug = 'presidentielle-la-soiree-electorale-en-direct';

-- Articles look last edited when they were published (an explicit updated_at is kept by the trigger).
update public.articles set updated_at = coalesce(published_at, created_at);

-- ---------------------------------------------------------------------------------------------
-- The newsroom's workflow: an edition scheduled for a few days after this seed ran, a history of
-- saves for every article, a published article renamed once (its first address is an old slug
-- that redirects) and a public correction.
-- ---------------------------------------------------------------------------------------------

-- Written ahead to go out at 6:00 UTC on the day the law takes effect, three days from the seed:
-- readers see it only from that moment, with no job to run. Never read yet, so no audience.
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, updated_at, content) values (
'b0000000-0000-4000-8000-000000000031', 'ghana-le-nouveau-code-minier-entre-en-vigueur-les-orpailleurs-partages',
$$Ghana : le nouveau code minier entre en vigueur, les orpailleurs partagés$$,
$$Licences simplifiées, mercure interdit, brigades de contrôle renforcées : la réforme de l'exploitation artisanale de l'or s'applique dès aujourd'hui. Dans la région d'Ashanti, les mineurs oscillent entre soulagement et inquiétude.$$,
'c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'scheduled',
date_trunc('day', now()) + interval '3 days 6 hours', now() - interval '20 hours', now() - interval '2 hours',
$$<p>À l'aube, sur les berges de la rivière Offin, les premières équipes d'orpailleurs sont déjà à l'œuvre. Pour des dizaines de milliers d'entre eux, cette journée marque un tournant : le nouveau code minier, adopté en début d'année par le Parlement ghanéen, entre en vigueur aujourd'hui.</p>
<h2>Ce que prévoit la réforme</h2>
<ul>
<li>Une licence d'exploitation artisanale délivrée en trente jours par les bureaux de district, contre plus d'un an auparavant ;</li>
<li>l'interdiction du mercure, remplacé par des tables de lavage et des centres de traitement agréés ;</li>
<li>l'obligation de remettre en état les terrains exploités, garantie par un dépôt versé à l'ouverture du chantier ;</li>
<li>des brigades fluviales chargées de saisir les dragues qui opèrent dans le lit des rivières.</li>
</ul>
<h2>Soulagement chez les uns, inquiétude chez les autres</h2>
<p>« Pour la première fois, on pourra travailler sans craindre la police », se réjouit le responsable d'une coopérative de Dunkwa-on-Offin, qui a déposé son dossier dès l'ouverture des guichets. Mais beaucoup de mineurs, souvent sans titre foncier, redoutent de ne pas pouvoir réunir les documents exigés ni le montant du dépôt.</p>
<blockquote><p>« Une loi qui protège les rivières, tout le monde la veut. Encore faut-il que les petits puissent la respecter. » — Une militante écologiste de Kumasi</p></blockquote>
<p>Le ministère des Terres promet des équipes mobiles pour accompagner les demandes dans les villages. Le texte intégral et la liste des bureaux d'enregistrement sont publiés sur <a href="https://www.example.org/ghana/code-minier-2026">le portail du ministère</a>.</p>$$);

-- « Vrai ou faux » (docs/product.md#vrai-ou-faux): three published fact-checks of different
-- verdicts, written by the journalist and « Vérifié par » the editor-in-chief, so a newcomer sees
-- the band, the explanation, the « Kit de correction » and the verdict on the cards. Fictional
-- claims; every link points at example.org.
insert into public.articles (id, slug, title, excerpt, category_id, author_id, status, published_at, created_at, content, format, fact_check, checked_by) values
('b0000000-0000-4000-8000-000000000501', 'non-le-vaccin-contre-le-paludisme-ne-rend-pas-sterile',
$$Non, le vaccin contre le paludisme ne rend pas stérile$$,
$$Un message audio affirme que le vaccin donné aux enfants les rendra stériles. Aucune donnée ne le montre.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000005', 'published',
now() - interval '20 days', now() - interval '20 days 6 hours',
$$Depuis une semaine, un message audio circule dans des groupes WhatsApp : le vaccin contre le paludisme administré aux jeunes enfants les rendrait stériles à l'âge adulte. Nous avons consulté les essais publiés, l'agence nationale du médicament et deux pédiatres. Aucun des essais, menés sur plus de 20 000 enfants pendant quatre ans, ne relève d'effet sur la fertilité, et le vaccin n'agit pas sur le système hormonal.$$,
'factcheck',
$${"claim": "Le vaccin contre le paludisme donné aux enfants les rend stériles.", "claimant": "Publications virales", "channels": "WhatsApp (message audio), Facebook", "links": ["https://www.example.org/facebook/post-vaccin"], "first_seen": "2026-11-02", "verdict": "false", "summary": "Aucun essai, sur plus de 20 000 enfants suivis quatre ans, ne montre d'effet du vaccin sur la fertilité.", "what_is_true": "Comme tout vaccin, il peut donner de la fièvre ou une douleur au point d'injection pendant un ou deux jours.", "why_it_matters": "Le paludisme tue encore des dizaines de milliers d'enfants chaque année ; un refus de vaccination les expose.", "sources": [{"title": "Résultats des essais cliniques (rapport de synthèse)", "url": "https://www.example.org/essais-vaccin-paludisme", "consulted": "2026-11-05"}, {"title": "Agence nationale du médicament, avis de pharmacovigilance", "url": "https://www.example.org/anm/avis-vaccin", "consulted": "2026-11-05"}]}$$::jsonb,
'a0000000-0000-4000-8000-000000000001'),
('b0000000-0000-4000-8000-000000000502', 'le-prix-du-sac-de-riz-a-double-en-un-mois-trompeur',
$$« Le prix du sac de riz a doublé en un mois » : trompeur$$,
$$Le chiffre, repris par un député, compare un prix de gros de janvier à un prix de détail d'octobre.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000005', 'published',
now() - interval '25 days', now() - interval '25 days 6 hours',
$$Lors d'un débat radiophonique, un député a affirmé que le sac de 50 kg de riz importé avait doublé en un mois. Les relevés de l'institut de la statistique montrent une hausse réelle, mais de 18 % sur le mois : le doublement vient d'une comparaison entre un prix de gros de janvier et un prix de détail d'octobre.$$,
'factcheck',
$${"claim": "Le prix du sac de riz de 50 kg a doublé en un mois.", "claimant": "Un député de l'opposition, lors d'un débat radiophonique", "channels": "Radio, puis TikTok", "links": ["https://www.example.org/tiktok/extrait-debat"], "first_seen": "2026-10-28", "verdict": "misleading", "summary": "Le riz a bien augmenté, de 18 % en un mois ; le doublement compare un prix de gros à un prix de détail.", "what_is_true": "La hausse du riz importé est réelle et la plus forte depuis deux ans.", "why_it_matters": "Le riz pèse lourd dans le budget des ménages : un chiffre faux alimente les achats de panique.", "sources": [{"title": "Institut de la statistique, relevés mensuels des prix", "url": "https://www.example.org/statistique/prix-octobre", "consulted": "2026-10-30"}]}$$::jsonb,
'a0000000-0000-4000-8000-000000000001'),
('b0000000-0000-4000-8000-000000000503', 'un-jeune-sur-trois-sans-emploi-plutot-vrai',
$$« Un jeune sur trois est sans emploi » : plutôt vrai$$,
$$Le ministre cite le bon ordre de grandeur, mais le dernier chiffre officiel est de 29 %.$$,
'c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000005', 'published',
now() - interval '30 days', now() - interval '30 days 6 hours',
$$Dans un discours à l'Assemblée, le ministre de l'Emploi a déclaré qu'un jeune sur trois était sans emploi. L'enquête nationale sur l'emploi, publiée en septembre, donne 29 % de chômeurs chez les 15-24 ans actifs : un peu moins d'un sur trois.$$,
'factcheck',
$${"claim": "Un jeune sur trois est sans emploi dans notre pays.", "claimant": "Le ministre de l'Emploi, discours à l'Assemblée", "channels": "Discours, repris à la télévision", "first_seen": "2026-10-20", "verdict": "mostly_true", "summary": "Le dernier chiffre officiel est de 29 % chez les 15-24 ans actifs : un peu moins d'un sur trois.", "what_is_true": "Le chômage des jeunes est bien près de trois fois celui des adultes.", "why_it_matters": "Ce chiffre sert à justifier le budget du nouveau programme d'emploi des jeunes.", "sources": [{"title": "Enquête nationale sur l'emploi 2026", "url": "https://www.example.org/enquete-emploi-2026", "consulted": "2026-10-22"}]}$$::jsonb,
'a0000000-0000-4000-8000-000000000001');

-- Every save above ran with no signed-in editor, and the updated_at touch saved each article a
-- second time. The history starts instead as the migration starts it for older articles: one
-- revision per article as it now stands, signed by its author when it was last edited.
delete from public.article_revisions;
insert into public.article_revisions (article_id, version, title, slug, excerpt, content, image_url, category_id, status, published_at, editor_id, author_id, created_at)
select a.id, a.version, a.title, a.slug, a.excerpt, a.content, a.image_url, a.category_id, a.status, a.published_at, a.author_id, a.author_id, a.updated_at
from public.articles a;

-- The editor-in-chief sharpened the cocoa story's title three hours after it went out. The
-- database records the first address (article_slugs, by trigger) and the new revision; they are
-- then dated and signed as that edit was, since this seed runs now and as nobody.
update public.articles
set title = $$Cacao : la récolte intermédiaire rassure les planteurs ivoiriens$$,
    slug = 'cacao-la-recolte-intermediaire-rassure-les-planteurs-ivoiriens',
    updated_at = published_at + interval '3 hours'
where id = 'b0000000-0000-4000-8000-000000000012';
update public.article_slugs s set retired_at = a.updated_at
from public.articles a where a.id = s.article_id and a.id = 'b0000000-0000-4000-8000-000000000012';
-- Readers reached it by its new address from then on.
update public.page_views p set path = '/article/' || a.slug
from public.articles a
where a.id = 'b0000000-0000-4000-8000-000000000012' and p.path = '/article/cacao-la-recolte-intermediaire-s-annonce-bonne-en-cote-d-ivoire'
  and p.created_at > a.updated_at;

-- The Nollywood story gave the wrong budget; its author fixed the figure the next day and said so
-- in a correction readers see under the article and on /corrections.
update public.articles
set content = replace(content, 'un budget de 2,1 millions de dollars', 'un budget de 1,2 million de dollars'),
    updated_at = published_at + interval '20 hours'
where id = 'b0000000-0000-4000-8000-000000000013';
insert into public.article_corrections (article_id, note, corrected_at, author_id, created_at)
select a.id,
       $$Une première version de cet article indiquait que le film disposait d'un budget de 2,1 millions de dollars. Son budget est de 1,2 million de dollars.$$,
       a.updated_at, a.author_id, a.updated_at
from public.articles a where a.id = 'b0000000-0000-4000-8000-000000000013';

update public.article_revisions r
set created_at = a.updated_at,
    editor_id = case when a.id = 'b0000000-0000-4000-8000-000000000012' then 'a0000000-0000-4000-8000-000000000001'::uuid else a.author_id end
from public.articles a
where r.article_id = a.id and r.version = a.version
  and a.id in ('b0000000-0000-4000-8000-000000000012', 'b0000000-0000-4000-8000-000000000013');

-- The election night's live coverage: 25 entries seven minutes apart, the last a few minutes ago,
-- by the editor-in-chief and the journalist in turn. The welcome note pinned, three key events,
-- and one entry corrected (shown under it and on /corrections). Written as the live_* functions
-- would leave them (revision n for entry n, then the correction's), dated as posted.
insert into public.live_entries (id, article_id, seq, revision, author_id, body, key_event, pinned, created_at, updated_at)
select ('e0000000-0000-4000-8000-' || lpad(v.n::text, 12, '0'))::uuid, 'b0000000-0000-4000-8000-000000000401', v.n, v.n,
       case when v.n % 2 = 1 then 'a0000000-0000-4000-8000-000000000001' else 'a0000000-0000-4000-8000-000000000005' end::uuid,
       v.body, v.n in (6, 14, 22), v.n = 1,
       now() - interval '3 hours' + v.n * interval '7 minutes', now() - interval '3 hours' + v.n * interval '7 minutes'
from (values
  (1, $$Bonsoir et bienvenue dans ce direct consacré au second tour de la présidentielle. Nos équipes sont dans les régions et au siège de la commission électorale. Les résultats sont attendus dans la nuit.$$),
  (2, $$Les bureaux de vote ferment leurs portes. Dans la capitale, quelques électeurs encore dans les files d'attente pourront voter, comme le prévoit la loi.$$),
  (3, $$La commission électorale annonce une participation provisoire de 58 % à 17 heures, en hausse par rapport au premier tour.$$),
  (4, $$Le dépouillement commence sous les yeux des assesseurs des deux candidats. Les procès-verbaux seront affichés devant chaque bureau.$$),
  (5, $$Dans un bureau du centre-ville, les premiers bulletins sont lus à voix haute. Une centaine d'habitants suivent le décompte dans la cour de l'école.$$),
  (6, $$Participation : la commission électorale retient 61 % à la fermeture des bureaux, le taux le plus élevé depuis vingt ans.$$),
  (7, $$Les observateurs de l'Union africaine saluent « un scrutin calme et bien organisé » dans leurs premières remarques. Leur déclaration complète est attendue demain.$$),
  (8, $$Le camp de Mariama Sow appelle ses partisans à rester « sereins et vigilants » en attendant les chiffres officiels.$$),
  (9, $$Ousmane Diagne a voté en fin d'après-midi dans sa ville natale. Il promet de s'exprimer « quand les résultats seront connus ».$$),
  (10, $$Dans le nord du pays, des pluies ont retardé l'acheminement de plusieurs urnes vers les centres de compilation. Aucun incident n'est signalé.$$),
  (11, $$La commission publie ses premiers résultats bureau par bureau sur son site : https://example.org/commission-electorale/resultats$$),
  (12, $$Premiers résultats partiels dans la région côtière : Mariama Sow en tête dans 41 des 60 bureaux dépouillés.$$),
  (13, $$Sur les réseaux sociaux, de fausses « projections » circulent. La commission rappelle qu'elle seule publie des résultats officiels.$$),
  (14, $$Tendance nationale : sur 12 % des bureaux dépouillés, Mariama Sow obtient 54 % des voix contre 46 % pour Ousmane Diagne.$$),
  (15, $$Au quartier général d'Ousmane Diagne, l'ambiance est studieuse. Ses équipes compilent leurs propres procès-verbaux.$$),
  (16, $$Notre correspondante dans l'Est raconte : « Les assesseurs comptent à la lampe torche, l'électricité a été coupée dans plusieurs villages. »$$),
  (17, $$Dans la région du fleuve, Ousmane Diagne l'emporte nettement avec 58 % des voix selon les résultats partiels.$$),
  (18, $$La société civile annonce que ses 3 000 observateurs ont couvert 90 % des bureaux de vote. Son rapport préliminaire est attendu vendredi.$$),
  (19, $$Sur 35 % des bureaux dépouillés, l'écart se resserre : Mariama Sow 52 %, Ousmane Diagne 48 %.$$),
  (20, $$Le président sortant appelle au calme dans une courte déclaration télévisée et salue « la maturité des électeurs ».$$),
  (21, $$Les résultats de la capitale se font attendre : la commission évoque un retard dans la transmission des procès-verbaux.$$),
  (22, $$Sur 50 % des bureaux dépouillés, Mariama Sow reste en tête avec 53 % des voix. La commission tiendra une conférence de presse à minuit.$$),
  (23, $$Devant le siège de la commission électorale, plusieurs centaines de partisans des deux camps attendent dans le calme.$$),
  (24, $$La carte des résultats région par région, mise à jour à chaque annonce : https://example.org/afrique-actu/carte-presidentielle$$),
  (25, $$Conférence de presse de la commission électorale dans quelques minutes. Restez avec nous.$$)
) as v(n, body);
-- Entry 17 gave the wrong region: corrected twenty minutes later.
update public.live_entries
set body = $$Dans la région du lac, Ousmane Diagne l'emporte nettement avec 58 % des voix selon les résultats partiels.$$,
    correction = $$Ce résultat concerne la région du lac, pas celle du fleuve.$$,
    corrected_at = created_at + interval '20 minutes', updated_at = created_at + interval '20 minutes', revision = 26
where id = 'e0000000-0000-4000-8000-000000000017';
insert into public.article_corrections (article_id, note, corrected_at, author_id, created_at)
select e.article_id, 'Entrée n° ' || e.seq || ' du direct : ' || e.correction, e.corrected_at, e.author_id, e.corrected_at
from public.live_entries e where e.id = 'e0000000-0000-4000-8000-000000000017';
update public.live_coverages
set started_at = now() - interval '3 hours', revision = 26, last_seq = 25, active_at = now() - interval '3 hours' + 25 * interval '7 minutes'
where article_id = 'b0000000-0000-4000-8000-000000000401';

-- Web Push (docs/push.md): a local database also takes http://127.0.0.1 push endpoints, so tests and
-- npm run dev can use a push service of their own. Hosted never runs the seed: https only there.
update private.push_config set local_endpoints = true;

-- ---------------------------------------------------------------------------------------------
-- Countries and topics (docs/product.md#tags): the countries are reference data from the
-- migrations; the topics are the newsroom's, made here. Each article carries its country (or
-- countries) and its topics, so /pays/senegal and /sujet/elections are filled from the start.
-- ---------------------------------------------------------------------------------------------
insert into public.tags (kind, name, slug, description) values
  ('theme', 'Élections', 'elections', $$Scrutins, campagnes et résultats sur tout le continent.$$),
  ('theme', 'Climat', 'climat', $$Sécheresses, inondations et adaptation : le climat vu d'Afrique.$$),
  ('theme', 'Numérique', 'numerique', $$Start-up, paiement mobile et écoles de code.$$),
  ('theme', 'Énergie', 'energie', null),
  ('theme', 'Agriculture', 'agriculture', null),
  ('theme', 'Football', 'football', null),
  ('theme', 'Musique', 'musique', null),
  ('theme', 'Santé', 'sante', null),
  ('organisation', 'Union africaine', 'union-africaine', $$L'organisation panafricaine, son sommet et ses commissions.$$);

insert into public.article_tags (article_id, tag_id)
select ('b0000000-0000-4000-8000-' || lpad(v.n::text, 12, '0'))::uuid, t.id
from (values
  (1, 'senegal'), (2, 'kenya'), (2, 'climat'), (3, 'rd-congo'), (4, 'ghana'), (4, 'climat'),
  (5, 'cote-d-ivoire'), (5, 'elections'), (6, 'nigeria'), (7, 'union-africaine'), (8, 'cameroun'),
  (9, 'maroc'), (9, 'energie'), (10, 'kenya'), (10, 'numerique'), (11, 'union-africaine'),
  (12, 'cote-d-ivoire'), (12, 'agriculture'), (13, 'nigeria'), (14, 'mali'), (14, 'numerique'),
  (15, 'afrique-du-sud'), (15, 'musique'), (16, 'rd-congo'), (16, 'musique'), (17, 'kenya'),
  (18, 'senegal'), (19, 'maroc'), (19, 'football'), (20, 'cameroun'), (20, 'football'),
  (21, 'rwanda'), (21, 'numerique'), (21, 'sante'), (22, 'ghana'), (22, 'royaume-uni'),
  (23, 'cote-d-ivoire'), (23, 'climat'), (24, 'nigeria'), (24, 'numerique'), (28, 'climat'),
  (29, 'senegal'), (29, 'energie'), (30, 'afrique-du-sud'), (30, 'energie'), (31, 'ghana'),
  (32, 'mali'), (32, 'agriculture'), (33, 'niger'), (33, 'climat'),
  (101, 'senegal'), (102, 'benin'), (102, 'elections'), (103, 'kenya'), (104, 'mali'),
  (105, 'ghana'), (105, 'elections'), (106, 'cameroun'), (107, 'tunisie'), (107, 'elections'),
  (108, 'zambie'), (108, 'elections'), (109, 'gabon'), (110, 'union-africaine'), (110, 'elections'),
  (401, 'elections')
) as v (n, slug)
join public.tags t on t.slug = v.slug;
