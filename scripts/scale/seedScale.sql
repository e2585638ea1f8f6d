-- `npm run seed:scale` (scripts/seedScale.ts, docs/scale.md): a real outlet's archive on top of the
-- normal seed. Every row goes into the tables production writes, set-based (generate_series), with
-- every trigger left on: what the article triggers do row by row (version, publication time,
-- first revision) is done by them, and whatever statement-level triggers the schema adds fire too.
-- The one table production maintains in a function rather than a trigger, article_view_counts
-- (record_article_view adds one per counted view), is filled here with exactly those counts.
--
-- Sizes come from the session's settings `scale.*` (seedScale.ts sets them from --articles N):
-- scale.articles public articles, and everything else in proportion. Each step starts with a
-- line `-- step: <what>`; seedScale.ts runs them in order, in one transaction, and times them.
-- Random choices are hashes of row numbers: two runs with the same N make the same archive.

-- step: vocabulary
-- French-like sentences from four lists (subject, verb, object, circumstance), paragraphs of five
-- sentences (about 85 words), headlines from a place and a topic. Temporary: gone at commit.
create temporary table scale_words (kind text, i integer, word text) on commit drop;
insert into scale_words
select 'subject', n - 1, w from unnest(array[
  'Le gouvernement', 'La Banque centrale', 'Le syndicat des agriculteurs', 'Le ministre de l''Économie',
  'L''intersyndicale', 'La société civile', 'Une coopérative de femmes', 'Le président de la commission',
  'Le réseau des jeunes entrepreneurs', 'La municipalité', 'L''association des pêcheurs artisanaux', 'Un collectif d''enseignants',
  'La fédération de football', 'Le collectif des producteurs de cacao', 'L''opposition parlementaire', 'Le ministère de la Santé',
  'Une start-up locale', 'Le conseil régional', 'L''union des commerçants du marché central', 'La délégation ministérielle']) with ordinality as t(w, n)
union all
select 'verb', n - 1, w from unnest(array[
  'a annoncé', 'prévoit', 'conteste', 'salue', 'réclame', 'examine', 'a présenté', 'soutient', 'critique', 'défend',
  'prépare', 'finance', 'accompagne', 'suspend', 'relance', 'évalue', 'négocie', 'dénonce', 'organise', 'promet']) with ordinality as t(w, n)
union all
select 'object', n - 1, w from unnest(array[
  'un plan d''investissement dans les infrastructures', 'la réforme du code foncier', 'une hausse des prix à la consommation',
  'le budget de l''éducation pour l''année prochaine', 'un accord commercial avec les pays voisins',
  'la modernisation du réseau électrique', 'un programme de formation pour les jeunes diplômés',
  'la politique monétaire de la région', 'la construction d''un nouveau port', 'un festival de musique et de cinéma',
  'la saison des pluies et ses conséquences sur les récoltes', 'la transformation locale des matières premières',
  'une campagne de vaccination dans les zones rurales', 'la création d''une zone économique spéciale',
  'le calendrier électoral', 'la numérisation des services publics', 'l''accès au crédit pour les petites entreprises',
  'la préparation de la Coupe d''Afrique des nations', 'une enquête sur la gestion des fonds publics',
  'le développement du tourisme durable']) with ordinality as t(w, n)
union all
select 'circumstance', n - 1, w from unnest(array[
  'selon un communiqué publié mardi', 'malgré les réserves de plusieurs experts', 'afin de soutenir la croissance de l''économie',
  'dans un contexte de forte inflation', 'après plusieurs mois de négociations', 'à quelques semaines de la rentrée',
  'pour répondre aux attentes de la population', 'sans préciser le calendrier de mise en œuvre',
  'avec l''appui de partenaires internationaux', 'devant une assemblée nombreuse',
  'alors que la dette publique continue de progresser', 'en présence de nombreux responsables locaux',
  'au grand soulagement des habitants', 'dans les principales villes du pays', 'd''ici à la fin de l''année',
  'pour la première fois depuis dix ans', 'en dépit d''un budget limité', 'au terme d''une longue journée de débats',
  'selon des sources proches du dossier', 'à la veille d''une réunion régionale']) with ordinality as t(w, n)
union all
select 'place', n - 1, w from unnest(array[
  'Sénégal', 'Côte d''Ivoire', 'Mali', 'Burkina Faso', 'Niger', 'Cameroun', 'Gabon', 'Congo', 'RDC', 'Bénin',
  'Togo', 'Guinée', 'Maroc', 'Algérie', 'Tunisie', 'Madagascar', 'Tchad', 'Mauritanie', 'Rwanda', 'Burundi',
  'Dakar', 'Abidjan', 'Bamako', 'Douala', 'Kinshasa', 'Lomé', 'Cotonou', 'Casablanca', 'Ouagadougou', 'Libreville']) with ordinality as t(w, n)
union all
select 'topic', n - 1, w from unnest(array[
  'le budget de l''État en débat', 'les producteurs de cacao inquiets', 'la rentrée scolaire sous tension',
  'un nouveau port en construction', 'la saison des pluies commence tôt', 'les prix du riz repartent à la hausse',
  'la finance mobile gagne du terrain', 'un festival de cinéma très attendu', 'la sélection prépare la CAN',
  'les élections locales approchent', 'une start-up lève des fonds', 'le réseau électrique se modernise',
  'la réforme foncière divise', 'les femmes entrepreneures à l''honneur', 'le tourisme reprend des couleurs',
  'une campagne de vaccination lancée', 'les syndicats haussent le ton', 'la dette publique en question',
  'un accord commercial signé', 'les jeunes diplômés face à l''emploi', 'la pêche artisanale menacée',
  'un musée rouvre ses portes', 'la zone économique spéciale inaugurée', 'le marché central rénové',
  'l''économie numérique en plein essor', 'les routes rurales enfin goudronnées', 'un championnat relancé',
  'la transformation locale du coton', 'les médecins en grève', 'le parlement adopte la loi de finances']) with ordinality as t(w, n)
union all
select 'firstname', n - 1, w from unnest(array[
  'Awa', 'Moussa', 'Fatou', 'Ibrahim', 'Aïcha', 'Koffi', 'Mariam', 'Ousmane', 'Nafissatou', 'Yao',
  'Khadija', 'Sékou', 'Adjoa', 'Mamadou', 'Rokia', 'Didier', 'Salimata', 'Hervé', 'Binta', 'Théodore']) with ordinality as t(w, n)
union all
select 'lastname', n - 1, w from unnest(array[
  'Traoré', 'Koné', 'Ouédraogo', 'Ndiaye', 'Mensah', 'Diop', 'Kaboré', 'Sow', 'Camara', 'Keïta',
  'Bamba', 'Cissé', 'Touré', 'Nkomo', 'Mbeki', 'Ekambi', 'Fofana', 'Sanogo', 'Zongo', 'Boateng']) with ordinality as t(w, n)
;

create temporary table scale_sentences (i integer primary key, sentence text) on commit drop;
insert into scale_sentences
select g.n, s.word || ' ' || v.word || ' ' || o.word || ', ' || c.word || '.'
from generate_series(0, 599) as g(n)
join scale_words s on s.kind = 'subject' and s.i = abs(hashint4(g.n)) % 20
join scale_words v on v.kind = 'verb' and v.i = abs(hashint4(g.n + 1000)) % 20
join scale_words o on o.kind = 'object' and o.i = abs(hashint4(g.n + 2000)) % 20
join scale_words c on c.kind = 'circumstance' and c.i = abs(hashint4(g.n + 3000)) % 20;

create temporary table scale_paragraphs (i integer primary key, body text, words integer) on commit drop;
insert into scale_paragraphs
select g.p, string_agg(s.sentence, ' ' order by h.k), sum(private.word_count(s.sentence))
from generate_series(0, 499) as g(p)
cross join generate_series(0, 4) as h(k)
join scale_sentences s on s.i = abs(hashint4(g.p * 5 + h.k)) % 600
group by g.p;
-- An article's paragraphs: a sequence of 17 drawn from its number, taken until its length (620 to
-- 1,050 words, scale_articles.words) is reached; the last one and the extras below keep it under 1,200.
create temporary table scale_sequence on commit drop as select k from generate_series(0, 16) as k;

-- step: bylines
-- The seed's newsroom plus a few hundred correspondents (journalists), who sign most of the
-- archive. Accounts as GoTrue stores them; the auth.users trigger makes each profile and its slug.
-- One bcrypt hash for all the scale accounts (a hash per account would take minutes).
create temporary table scale_hash on commit drop as
  select extensions.crypt(current_setting('scale.password'), extensions.gen_salt('bf', 10)) as hash;
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
  email_change_token_new, email_change)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'correspondant-' || n || '@scale.afrique-actu.local', h.hash, now() - interval '6 years',
       '{"provider":"email","providers":["email"]}',
       jsonb_build_object('full_name', f.word || ' ' || l.word, 'email_verified', true),
       now() - interval '6 years', now() - interval '6 years', '', '', '', ''
from generate_series(1, current_setting('scale.bylines')::int) as n
cross join scale_hash h
join scale_words f on f.kind = 'firstname' and f.i = n % 20
join scale_words l on l.kind = 'lastname' and l.i = (n / 20 + n) % 20;
insert into public.user_roles (user_id, role, created_at)
select id, 'journalist', created_at from auth.users where email like 'correspondant-%@scale.afrique-actu.local';

-- step: readers
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
  email_change_token_new, email_change)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'lecteur-' || n || '@scale.afrique-actu.local', h.hash, t.at,
       '{"provider":"email","providers":["email"]}',
       jsonb_build_object('full_name', f.word || ' ' || l.word, 'email_verified', true),
       t.at, t.at, '', '', '', ''
from generate_series(1, current_setting('scale.readers')::int) as n
cross join scale_hash h
cross join lateral (select now() - (abs(hashint4(n)) % 1000) * interval '1 day' as at) t
join scale_words f on f.kind = 'firstname' and f.i = (n * 7) % 20
join scale_words l on l.kind = 'lastname' and l.i = (n * 3 + n / 20) % 20;
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), 'email', created_at, created_at
from auth.users where email like '%@scale.afrique-actu.local';

-- step: public articles
-- Five years of the seven categories of the navigation, newest first; 30 % signed by the seed's
-- newsroom, the rest by the correspondents. Half the bodies HTML (with a subheading), half plain
-- text; a third with key points; 620 to 1,200 words. 1 in 1,000 mentions a rare word
-- ("hydrolienne"), for the bench's rare-word search. Pictures are the seed's.
create temporary table scale_authors on commit drop as
  select row_number() over (order by u.email like '%@scale.afrique-actu.local', u.email) - 1 as i, r.user_id,
         u.email like '%@scale.afrique-actu.local' as correspondent
  from public.user_roles r join auth.users u on u.id = r.user_id
  where r.role in ('admin', 'journalist');
create temporary table scale_categories on commit drop as
  select row_number() over (order by slug) - 1 as i, id, slug from public.categories
  where slug in ('actualite', 'politique', 'economie', 'culture', 'sport', 'reussite', 'tribune-libre');
create temporary table scale_images on commit drop as
  select row_number() over (order by image_url) - 1 as i, image_url from (select distinct image_url from public.articles where image_url is not null) x;

create temporary table scale_articles on commit drop as
select n,
       case when n <= current_setting('scale.articles')::int then 'published'
            when n <= current_setting('scale.articles')::int + current_setting('scale.drafts')::int then 'draft'
            when n <= current_setting('scale.articles')::int + current_setting('scale.drafts')::int + current_setting('scale.review')::int then 'review'
            else 'scheduled' end as status,
       p.word || ' : ' || t.word as headline,
       620 + abs(hashint4(n + 11)) % 431 as words,
       n % 2 = 0 as html,
       c.id as category_id,
       (select a.user_id from scale_authors a
        where a.i = case when abs(hashint4(n + 22)) % 10 < 3 or k.correspondents = 0 then abs(hashint4(n + 33)) % k.newsroom
                         else k.newsroom + abs(hashint4(n + 33)) % k.correspondents end) as author_id,
       (select image_url from scale_images im where im.i = abs(hashint4(n + 44)) % greatest(1, (select count(*) from scale_images)))
         as image_url
from generate_series(1, current_setting('scale.articles')::int + current_setting('scale.drafts')::int
                        + current_setting('scale.review')::int + current_setting('scale.scheduled')::int) as n
join scale_words p on p.kind = 'place' and p.i = abs(hashint4(n + 55)) % 30
join scale_words t on t.kind = 'topic' and t.i = abs(hashint4(n + 66)) % 30
join scale_categories c on c.i = abs(hashint4(n + 77)) % 7
cross join (select count(*) filter (where not correspondent) as newsroom, count(*) filter (where correspondent) as correspondents
            from scale_authors) k;

insert into public.articles (slug, title, excerpt, content, image_url, published_at, author_id, category_id, status,
                             created_at, updated_at, key_points)
select pg_catalog.btrim(pg_catalog.regexp_replace(private.fold(a.headline), '[^a-z0-9]+', '-', 'g'), '-') || '-' || a.n,
       a.headline,
       (select s.sentence from scale_sentences s where s.i = abs(hashint4(a.n + 88)) % 600),
       case when a.html then
         (select string_agg(case when g.k = 3 then '<h2>' || initcap(t.word) || '</h2>' || E'\n' else '' end
                            || '<p>' || g.body || '</p>', E'\n' order by g.k)
          from (select q.k, p.body, sum(p.words) over (order by q.k) - p.words as before
                from scale_sequence q join scale_paragraphs p on p.i = abs(hashint4(a.n * 17 + q.k)) % 500) g
          join scale_words t on t.kind = 'topic' and t.i = abs(hashint4(a.n + 99)) % 30
          where g.before < a.words)
         || case when a.n % 1000 = 0 then E'\n<p>Une hydrolienne sera installée sur le fleuve l''an prochain.</p>' else '' end
       else
         (select string_agg(g.body, E'\n\n' order by g.k)
          from (select q.k, p.body, sum(p.words) over (order by q.k) - p.words as before
                from scale_sequence q join scale_paragraphs p on p.i = abs(hashint4(a.n * 17 + q.k)) % 500) g
          where g.before < a.words)
         || case when a.n % 1000 = 0 then E'\n\nUne hydrolienne sera installée sur le fleuve l''an prochain.' else '' end
         || case when a.n % 5 = 0 then E'\n\nPlus d''informations : https://www.example.org/dossiers/' || a.n else '' end
       end,
       a.image_url,
       t.published_at,
       a.author_id,
       a.category_id,
       a.status,
       coalesce(t.published_at, t.written_at) - interval '3 hours',
       coalesce(t.published_at, t.written_at),
       -- Key points: two or three short lines (at most 140 characters each).
       case when a.n % 3 = 0 then
         (select array_agg(upper(left(o.word, 1)) || substr(o.word, 2) || '.' order by g.k)
          from generate_series(0, 1 + a.n % 2) as g(k)
          join scale_words o on o.kind = 'object' and o.i = abs(hashint4(a.n * 3 + g.k)) % 20)
       else '{}' end
from scale_articles a
cross join lateral (select case a.status
  -- Minute precision: some articles share their publication time, as an import's often do.
  when 'published' then date_trunc('minute', now() - interval '10 minutes'
                                    - (a.n - 1) * (interval '1826 days' / current_setting('scale.articles')::int))
  when 'scheduled' then date_trunc('minute', now() + interval '1 hour' + (abs(hashint4(a.n)) % 20160) * interval '1 minute')
  end as published_at,
  -- Drafts and pieces in review were last saved in the last 60 days.
  now() - (abs(hashint4(a.n + 123)) % 86400) * interval '1 minute' as written_at) t;

-- step: countries and topics
-- Each article its country, one of the 54 African ones (a country's page then holds a 54th of the
-- archive: about 1,850 articles at 100,000), and one in three a topic among those the seed made.
create temporary table scale_countries on commit drop as
  select row_number() over (order by slug) - 1 as i, id from public.tags where kind = 'pays' and region like 'afrique-%';
create temporary table scale_topics on commit drop as
  select row_number() over (order by slug) - 1 as i, id from public.tags where kind <> 'pays';
insert into public.article_tags (article_id, tag_id)
select ar.id, t.tag_id
from scale_articles a
join public.articles ar
  on ar.slug = pg_catalog.btrim(pg_catalog.regexp_replace(private.fold(a.headline), '[^a-z0-9]+', '-', 'g'), '-') || '-' || a.n
cross join lateral (
  select c.id as tag_id from scale_countries c where c.i = abs(hashint4(a.n + 131)) % (select count(*) from scale_countries)
  union all
  select o.id from scale_topics o
  where a.n % 3 = 0 and o.i = abs(hashint4(a.n + 141)) % greatest(1, (select count(*) from scale_topics))
) t;

-- step: article views
-- Over 90 days, most on recent articles (an archive is read, but less), never before an article
-- went out. Then the counts record_article_view keeps beside each article.
create temporary table scale_public on commit drop as
  select row_number() over (order by published_at desc, id) - 1 as i, id, slug, published_at
  from public.articles where private.article_is_public(status, published_at);
create unique index on scale_public (i);
analyze scale_public;
select set_config('scale.first_view_id', coalesce(max(id), 0)::text, true) from public.article_views;
insert into public.article_views (article_id, created_at)
select p.id, g.since + (abs(hashint4(v.n + 7)) % 1000000)::float8 / 1e6 * (now() - g.since)
from generate_series(1, current_setting('scale.article_views')::int) as v(n)
cross join lateral (select floor(((abs(hashint4(v.n)) % 1000000)::float8 / 1e6) ^ 3 * (select count(*) from scale_public))::int as i) r
join scale_public p on p.i = r.i
cross join lateral (select greatest(p.published_at, now() - interval '90 days') as since) g;
insert into public.article_view_counts as c (article_id, view_count)
select article_id, count(*)::int from public.article_views
where id > current_setting('scale.first_view_id')::bigint
group by article_id
on conflict (article_id) do update set view_count = c.view_count + excluded.view_count;

-- step: article channels
-- Each view of this run its channel (WhatsApp first, as our readers share), about one in four lite,
-- three in five with an engagement reading, summed into the channel roll-ups as the views' fold
-- would (20261219100000_reader_channels.sql): « Sources » and the editor's panel at archive scale.
create temporary table scale_channels on commit drop as
select private.utc_day(v.created_at) as day, v.article_id,
       (array['whatsapp', 'whatsapp', 'whatsapp', 'messageries', 'messageries', 'google', 'google', 'discover',
              'facebook', 'direct', 'matinale', 'alertes', 'telegram', 'x', 'autres', 'hors-ligne'])[1 + abs(hashint4(v.id::int + 11)) % 16] as channel,
       case when abs(hashint4(v.id::int + 13)) % 4 = 0 then 'lite' else 'full' end as page_kind,
       count(*) as views,
       count(*) filter (where r.x < 60) as readings,
       coalesce(sum(5 + r.x * 3) filter (where r.x < 60), 0) as engaged_seconds,
       count(*) filter (where r.x < 25) as completions,
       count(*) filter (where r.x < 20) as readers_new,
       count(*) filter (where r.x >= 20 and r.x < 45) as readers_regular,
       count(*) filter (where r.x >= 45 and r.x < 60) as readers_loyal,
       coalesce(sum(40 + r.x) filter (where r.x < 60), 0) as kilobytes,
       -- The readings' bands of engaged seconds (20261220100000_median_engaged_time.sql): 5 + 3x seconds.
       count(*) filter (where r.x < 2) as engaged_under_10,
       count(*) filter (where r.x >= 2 and r.x < 9) as engaged_10_30,
       count(*) filter (where r.x >= 9 and r.x < 19) as engaged_30_60,
       count(*) filter (where r.x >= 19 and r.x < 39) as engaged_60_120,
       count(*) filter (where r.x >= 39 and r.x < 60) as engaged_120_300,
       0 as engaged_300_plus
from public.article_views v
cross join lateral (select abs(hashint4(v.id::int + 17)) % 100 as x) r
where v.id > current_setting('scale.first_view_id')::bigint
group by 1, 2, 3, 4;
insert into private.channel_article_daily as d
  (day, article_id, channel, page_kind, views, readings, engaged_seconds, completions, readers_new, readers_regular, readers_loyal, kilobytes,
   engaged_under_10, engaged_10_30, engaged_30_60, engaged_60_120, engaged_120_300, engaged_300_plus)
select * from scale_channels
on conflict (article_id, day, channel, page_kind) do update set
  views = d.views + excluded.views, readings = d.readings + excluded.readings, engaged_seconds = d.engaged_seconds + excluded.engaged_seconds,
  completions = d.completions + excluded.completions, readers_new = d.readers_new + excluded.readers_new,
  readers_regular = d.readers_regular + excluded.readers_regular, readers_loyal = d.readers_loyal + excluded.readers_loyal,
  kilobytes = d.kilobytes + excluded.kilobytes, engaged_under_10 = d.engaged_under_10 + excluded.engaged_under_10,
  engaged_10_30 = d.engaged_10_30 + excluded.engaged_10_30, engaged_30_60 = d.engaged_30_60 + excluded.engaged_30_60,
  engaged_60_120 = d.engaged_60_120 + excluded.engaged_60_120, engaged_120_300 = d.engaged_120_300 + excluded.engaged_120_300,
  engaged_300_plus = d.engaged_300_plus + excluded.engaged_300_plus;
insert into private.channel_daily as d
  (day, channel, page_kind, views, readings, engaged_seconds, completions, readers_new, readers_regular, readers_loyal, kilobytes,
   engaged_under_10, engaged_10_30, engaged_30_60, engaged_60_120, engaged_120_300, engaged_300_plus)
select day, channel, page_kind, sum(views), sum(readings), sum(engaged_seconds), sum(completions), sum(readers_new),
       sum(readers_regular), sum(readers_loyal), sum(kilobytes), sum(engaged_under_10), sum(engaged_10_30), sum(engaged_30_60), sum(engaged_60_120), sum(engaged_120_300), sum(engaged_300_plus)
from scale_channels group by 1, 2, 3
on conflict (day, channel, page_kind) do update set
  views = d.views + excluded.views, readings = d.readings + excluded.readings, engaged_seconds = d.engaged_seconds + excluded.engaged_seconds,
  completions = d.completions + excluded.completions, readers_new = d.readers_new + excluded.readers_new,
  readers_regular = d.readers_regular + excluded.readers_regular, readers_loyal = d.readers_loyal + excluded.readers_loyal,
  kilobytes = d.kilobytes + excluded.kilobytes, engaged_under_10 = d.engaged_under_10 + excluded.engaged_under_10,
  engaged_10_30 = d.engaged_10_30 + excluded.engaged_10_30, engaged_30_60 = d.engaged_30_60 + excluded.engaged_30_60,
  engaged_60_120 = d.engaged_60_120 + excluded.engaged_60_120, engaged_120_300 = d.engaged_120_300 + excluded.engaged_120_300,
  engaged_300_plus = d.engaged_300_plus + excluded.engaged_300_plus;

-- step: page views
-- 70 % article pages, the rest the home page and the categories.
insert into public.page_views (path, created_at)
select case when r.x < 0.70 then '/article/' || p.slug
            when r.x < 0.85 then '/'
            else '/category/' || c.slug end,
       now() - (abs(hashint4(v.n + 5)) % 1000000)::float8 / 1e6 * interval '90 days'
from generate_series(1, current_setting('scale.page_views')::int) as v(n)
cross join lateral (select (abs(hashint4(v.n + 3)) % 1000)::float8 / 1e3 as x,
                           floor(((abs(hashint4(v.n)) % 1000000)::float8 / 1e6) ^ 3 * (select count(*) from scale_public))::int as i) r
join scale_public p on p.i = r.i
join scale_categories c on c.i = v.n % 7;

-- step: saved articles
-- Each reader keeps 0 to 20 articles, saved after they went out.
insert into public.saved_articles (user_id, article_id, saved_at)
select u.id, p.id, p.published_at + (now() - p.published_at) * ((abs(hashint4(u.n::int * 100 + k)) % 100)::float8 / 1e2)
from (select id, row_number() over (order by id) as n from auth.users where email like 'lecteur-%@scale.afrique-actu.local') u
cross join lateral generate_series(1, abs(hashint4(u.n::int)) % 21) as k
join scale_public p on p.i = floor(((abs(hashint4(u.n::int * 31 + k)) % 1000000)::float8 / 1e6) ^ 2 * (select count(*) from scale_public))::int
on conflict do nothing;

-- step: newsletter and messages
-- Subscribers over three years, one in ten gone; messages over a year, the older ones handled.
insert into public.newsletter_subscribers (email, consented_at, unsubscribed_at, created_at)
select 'abonne-' || n || '@exemple-lecteurs.org', t.at, case when n % 10 = 0 then t.at + interval '30 days' end, t.at
from generate_series(1, current_setting('scale.subscribers')::int) as n
cross join lateral (select now() - (abs(hashint4(n)) % 1095) * interval '1 day' - (n % 1440) * interval '1 minute' as at) t;
insert into public.contact_messages (name, email, message, created_at, handled, handled_at)
select f.word || ' ' || l.word, 'contact-' || n || '@exemple-lecteurs.org',
       'Bonjour, ' || s.sentence || ' Pourriez-vous en dire plus dans un prochain article ? Merci.',
       t.at, t.at < now() - interval '14 days', case when t.at < now() - interval '14 days' then t.at + interval '2 days' end
from generate_series(1, current_setting('scale.messages')::int) as n
cross join lateral (select now() - (abs(hashint4(n)) % 365) * interval '1 day' - (n % 1440) * interval '1 minute' as at) t
join scale_words f on f.kind = 'firstname' and f.i = n % 20
join scale_words l on l.kind = 'lastname' and l.i = (n / 7) % 20
join scale_sentences s on s.i = n % 600;
