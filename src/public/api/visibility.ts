// What readers may see of the newsroom's articles (the rule: src/lib/articleVisibility.ts). The
// database decides it for anon and readers (RLS, private.article_is_public), but an
// administrator's RLS sees every row, and a journalist's their own drafts and articles waiting for
// review: newsroom members browsing the reader site must see what readers see, so every reader
// query says it too, with onlyPublic (written beside the rule, which the back office's queries
// share).
export { onlyPublic, newestPublicTagged } from '@/lib/articleVisibility';
