// The chunk of a fact-check's parts on its article (ArticleFactCheck.tsx).
export { CorrectionKit } from './CorrectionKit';
export { FactCheckDetails } from './FactCheckDetails';
export { VerdictBand } from './VerdictBand';
