-- Titles sort by their first letter, not by a leading quotation mark.
-- A fact-check's title quotes the claim (« « Le prix du sac de riz a doublé » : trompeur »): in
-- fr-x-icu punctuation sorts before every letter, so the back office's list sorted by title
-- (order=title.asc through PostgREST) led with every quoted title, before « À Bamako… ». The ICU
-- option ka-shifted ("alternate = shifted") sets punctuation (« » " ' ‹ › : …) and spaces aside
-- when comparing letters, as a French index does; they only separate titles whose letters are the
-- same. Accents and case still compare as in fr-x-icu (É with E). Intl.Collator('fr',
-- { ignorePunctuation: true }) orders the same way in the browser.
-- The collation is deterministic (ties broken on the bytes): equality and uniqueness of titles
-- are unchanged. Collations carry no privileges; it lives in private, out of the API's schema.
create collation private.french_titles (provider = icu, locale = 'fr-u-ka-shifted');
comment on collation private.french_titles is
  'French order that ignores punctuation and spaces at first (quoted titles sort by their first letter).';

-- The column keeps its text; its indexes are rebuilt with it (the title search's index reads the
-- title in the default collation and is unaffected).
alter table public.articles alter column title type text collate private.french_titles;
