import { describe, expect, it } from 'vitest';
import { isPlainEmail, plainEmail } from './mailbox';

describe('plain e-mail addresses', () => {
  it('refuses what a mailer would read as another mailbox: lists, display names, quotes, ports, a trailing dot', () => {
    for (const other of [
      'x,awa@exemple.sn',
      'a;awa@exemple.sn',
      'evil<awa@exemple.sn>',
      'Evil <awa@exemple.sn>',
      '"awa"@exemple.sn',
      'awa@exemple.sn:25',
      'awa@exemple.sn.',
      'awa@[127.0.0.1]',
      'a\\wa@exemple.sn',
      'awa(x)@exemple.sn',
      'awa@exemple',
      'awa@-exemple.sn',
      'a\u0000wa@exemple.sn',
      `${'a'.repeat(250)}@x.sn`,
    ])
      expect(plainEmail(other), other).toBeNull();
  });

  it('keeps a plain address as typed, trimmed, in NFC', () => {
    expect(plainEmail('  Awa.Kone+matinale@Exemple.SN ')).toBe('Awa.Kone+matinale@Exemple.SN');
    expect(plainEmail('aminata.o\u0301@exemple.sn')).toBe('aminata.\u00f3@exemple.sn');
    expect(plainEmail("o'brien@exemple.sn")).toBe("o'brien@exemple.sn");
  });

  it('turns an IDN domain into punycode, and refuses one that would not be a host', () => {
    expect(plainEmail('awa@café.sn')).toBe('awa@xn--caf-dma.sn');
    expect(plainEmail('awa@Café.SN')).toBe('awa@xn--caf-dma.sn');
    expect(plainEmail('awa@café.sn/x')).toBeNull();
    expect(plainEmail('awa@café.sn:25')).toBeNull();
    expect(isPlainEmail('awa@café.sn')).toBe(false);
  });

  it('refuses invisible format characters (zero-width, bidi overrides) in the local part, and an IP address as domain', () => {
    for (const other of [
      'a\u202Ewa@exemple.sn',
      'a\u200Bwa@exemple.sn',
      'a\u2066wa@exemple.sn',
      'aw\uFEFFa@exemple.sn',
      'a\u{E0041}wa@exemple.sn',
      'awa@127.0.0.1',
      'awa@10.1',
      'awa@exemple.123',
    ]) {
      expect(isPlainEmail(other), other).toBe(false);
      expect(plainEmail(other), other).toBeNull();
    }
    // Digits elsewhere in the domain, and a top-level domain that starts with one, stay plain.
    for (const kept of ['awa@127.exemple.sn', 'awa@1und1.de', 'awa@exemple.xn--p1ai', 'awa2024@exemple.sn'])
      expect(isPlainEmail(kept), kept).toBe(true);
  });
});
