import fs from 'node:fs';
import path from 'node:path';

type TomlValue = string | number | boolean | TomlValue[];
export type TomlTable = { [key: string]: TomlValue | TomlTable };

/**
 * The part of TOML that the Supabase CLI's config.toml uses: [tables] and [dotted.tables],
 * `key = value` with strings, numbers, booleans and (multi-line) arrays of them, # comments.
 * Anything else stops start-up with the line, rather than being misread.
 */
export function parseToml(text: string, file = 'config.toml'): TomlTable {
  const root: TomlTable = {};
  let table = root;
  let i = 0;
  const line = () => text.slice(0, i).split('\n').length;
  const fail = (why: string): never => {
    throw new Error(`${file}:${line()}: ${why} (the local stack reads only tables, strings, numbers, booleans and arrays)`);
  };
  const skip = (newlines: boolean) => {
    for (;;) {
      const c = text[i];
      if (c === '#') while (i < text.length && text[i] !== '\n') i++;
      else if (c === ' ' || c === '\t' || c === '\r' || (newlines && c === '\n')) i++;
      else return;
    }
  };
  const key = (): string => {
    const m = /^[A-Za-z0-9_-]+/.exec(text.slice(i));
    if (!m) return fail('expected a key');
    i += m[0].length;
    return m[0];
  };
  const value = (): TomlValue => {
    const rest = text.slice(i);
    if (rest.startsWith('"')) {
      const m = /^"((?:[^"\\\n]|\\.)*)"/.exec(rest) ?? fail('unterminated string');
      i += m[0].length;
      return JSON.parse(`"${m[1]}"`) as string;
    }
    if (rest.startsWith("'")) {
      const m = /^'([^'\n]*)'/.exec(rest) ?? fail('unterminated string');
      i += m[0].length;
      return m[1];
    }
    if (rest.startsWith('[')) {
      i++;
      const items: TomlValue[] = [];
      for (;;) {
        skip(true);
        if (text[i] === ']') {
          i++;
          return items;
        }
        items.push(value());
        skip(true);
        if (text[i] === ',') i++;
        else if (text[i] !== ']') fail('expected , or ] in an array');
      }
    }
    const m = /^(true|false|[+-]?[0-9][0-9_]*(\.[0-9_]+)?)(?=[\s,\]#]|$)/.exec(rest) ?? fail('unsupported value');
    i += m[0].length;
    return m[1] === 'true' ? true : m[1] === 'false' ? false : Number(m[1].replace(/_/g, ''));
  };

  for (;;) {
    skip(true);
    if (i >= text.length) return root;
    if (text[i] === '[') {
      i++;
      table = root;
      const end = text.indexOf(']', i);
      if (end < 0 || text.slice(i, end).includes('\n')) fail('unterminated table header');
      for (const part of text.slice(i, end).split('.')) {
        const name = part.trim();
        if (!/^[A-Za-z0-9_-]+$/.test(name)) fail(`unsupported table name "${name}"`);
        const next = (table[name] ??= {});
        if (typeof next !== 'object' || Array.isArray(next)) fail(`"${name}" is both a value and a table`);
        table = next as TomlTable;
      }
      i = end + 1;
    } else {
      const name = key();
      skip(false);
      if (text[i] !== '=') fail(`expected = after ${name}`);
      i++;
      skip(false);
      table[name] = value();
    }
    skip(false);
    if (i < text.length && text[i] !== '\n') fail('expected the end of the line');
  }
}

/** What the local auth server takes from config.toml, with the Supabase CLI's defaults. */
export interface AuthSettings {
  /** [auth] additional_redirect_urls: where e-mail links may send the browser, besides the site URL. */
  additionalRedirectUrls: string[];
  /** [auth.email] double_confirm_changes: a new address needs a link from the old and the new one. */
  doubleConfirmChanges: boolean;
  /** [auth.rate_limit], per client IP and per 5 minutes, as GoTrue counts them. */
  rateLimits: {
    /** `POST /token` (password and refresh-token grants): GOTRUE_RATE_LIMIT_TOKEN_REFRESH. */
    tokenRefresh: number;
    /** Sign-up, recover and `PUT /user`, each its own bucket: GOTRUE_RATE_LIMIT_OTP. */
    signInSignUps: number;
    /** `/verify` (e-mail links): GOTRUE_RATE_LIMIT_VERIFY. */
    tokenVerifications: number;
  };
  /** [auth.email.template.<name>]: each e-mail's subject and HTML file (Go template), as the CLI and hosted use them. */
  emailTemplates: Partial<Record<EmailTemplateName, EmailTemplate>>;
}

/** GoTrue's e-mail templates that the local auth server sends. */
const EMAIL_TEMPLATE_NAMES = ['confirmation', 'recovery', 'email_change'] as const;
export type EmailTemplateName = (typeof EMAIL_TEMPLATE_NAMES)[number];
export interface EmailTemplate {
  subject: string;
  /** The HTML file's text. */
  content: string;
}

export function readAuthSettings(file: string): AuthSettings {
  const config = parseToml(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file));
  const auth = (config.auth ?? {}) as TomlTable;
  const email = (auth.email ?? {}) as TomlTable;
  const limits = (auth.rate_limit ?? {}) as TomlTable;
  const positive = (name: string, fallback: number) => {
    const v = limits[name] ?? fallback;
    if (typeof v !== 'number' || !(v > 0))
      throw new Error(`${file}: [auth.rate_limit] ${name} must be a positive number, got ${JSON.stringify(v)}`);
    return v;
  };
  const urls = auth.additional_redirect_urls ?? [];
  if (!Array.isArray(urls) || urls.some((u) => typeof u !== 'string'))
    throw new Error(`${file}: [auth] additional_redirect_urls must be an array of strings`);
  const templates = (email.template ?? {}) as Record<string, TomlTable>;
  const emailTemplates: AuthSettings['emailTemplates'] = {};
  for (const name of EMAIL_TEMPLATE_NAMES) {
    const t = templates[name];
    if (!t) continue;
    if (typeof t.subject !== 'string' || typeof t.content_path !== 'string')
      throw new Error(`${file}: [auth.email.template.${name}] needs a subject and a content_path`);
    // As the CLI: content_path is relative to the folder that holds supabase/.
    emailTemplates[name] = { subject: t.subject, content: fs.readFileSync(path.resolve(path.dirname(file), '..', t.content_path), 'utf8') };
  }
  return {
    emailTemplates,
    additionalRedirectUrls: urls as string[],
    doubleConfirmChanges: email.double_confirm_changes !== false,
    rateLimits: {
      tokenRefresh: positive('token_refresh', 150),
      signInSignUps: positive('sign_in_sign_ups', 30),
      tokenVerifications: positive('token_verifications', 30),
    },
  };
}
