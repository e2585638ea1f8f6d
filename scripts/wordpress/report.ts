import fs from 'node:fs';

/**
 * The import's report (docs/wordpress-import.md#the-report): counts, then one line per warning,
 * in French for the newsroom, on screen and as JSON (the same facts).
 */

export interface ImportCounts {
  /** Posts (post_type post) in the export. */
  posts: number;
  imported: number;
  updated: number;
  /** Already imported by an earlier run (and unchanged, or --update not given). */
  skipped: number;
  /** Posts not imported: private, trashed, auto-drafts. */
  notImported: number;
  /** Posts too big for an article (the content's limit), not imported. */
  tooBig: number;
  /** Pages and every other post type but attachments (not articles). */
  otherTypes: number;
  attachments: number;
  picturesStored: number;
  picturesMissing: number;
  bylinesCreated: number;
  categoriesCreated: number;
  /** WordPress tags found among ours (a country by its name), and those made as topics. */
  tagsMatched: number;
  tagsCreated: number;
}

export interface ImportWarning {
  /** The WordPress post id, when the warning is about one post. */
  post?: number;
  title?: string;
  message: string;
}

export class ImportReport {
  readonly counts: ImportCounts = {
    posts: 0,
    imported: 0,
    updated: 0,
    skipped: 0,
    notImported: 0,
    tooBig: 0,
    otherTypes: 0,
    attachments: 0,
    picturesStored: 0,
    picturesMissing: 0,
    bylinesCreated: 0,
    categoriesCreated: 0,
    tagsMatched: 0,
    tagsCreated: 0,
  };
  readonly warnings: ImportWarning[] = [];
  /** Post types other than post and attachment, with how many of each. */
  readonly otherTypes: Record<string, number> = {};
  /** Shortcodes removed (their text kept), with how many posts had each. */
  readonly shortcodes: Record<string, number> = {};
  private readonly once = new Set<string>();

  constructor(readonly dryRun: boolean) {}

  warn(message: string, post?: { id: number; title: string }): void {
    this.warnings.push(post ? { post: post.id, title: post.title, message } : { message });
  }

  /** A warning given once for the whole run (an unknown category, a byline made). */
  warnOnce(key: string, message: string): void {
    if (this.once.has(key)) return;
    this.once.add(key);
    this.warn(message);
  }

  json(): string {
    const { counts, warnings, otherTypes, shortcodes, dryRun } = this;
    return `${JSON.stringify({ dryRun, counts, otherTypes, shortcodes, warnings }, null, 2)}\n`;
  }

  lines(): string[] {
    const c = this.counts;
    const would = this.dryRun ? ' (essai : rien n’est écrit)' : '';
    const types = Object.entries(this.otherTypes).map(([type, n]) => `${type} ${n}`);
    const codes = Object.entries(this.shortcodes).map(([name, n]) => `[${name}] ${n}`);
    return [
      `Import WordPress${would}`,
      `Articles de l’export : ${c.posts}`,
      `  importés : ${c.imported}, mis à jour : ${c.updated}, déjà importés : ${c.skipped}, non importés (privés, corbeille) : ${c.notImported}, trop volumineux : ${c.tooBig}`,
      `Autres contenus non importés : ${c.otherTypes}${types.length ? ` (${types.join(', ')})` : ''}`,
      `Images : ${c.picturesStored} enregistrées, ${c.picturesMissing} introuvables (${c.attachments} fichiers joints dans l’export)`,
      `Signatures créées : ${c.bylinesCreated}, rubriques créées : ${c.categoriesCreated}`,
      `Étiquettes : ${c.tagsMatched} retrouvées (pays et sujets existants), ${c.tagsCreated} créées`,
      ...(codes.length ? [`Codes courts retirés (texte gardé) : ${codes.join(', ')}`] : []),
      `Avertissements : ${this.warnings.length}`,
      ...this.warnings.map((w) => `  - ${w.post ? `#${w.post} « ${w.title} » : ` : ''}${w.message}`),
    ];
  }

  write(file: string): void {
    fs.writeFileSync(file, this.json());
  }
}
