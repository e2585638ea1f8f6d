import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { edgeVcl, findVarnishd, SHIPPED_VCL } from './varnish';

// The copy of the shipped VCL that npm run edge, the tests and bench:spike load: their origin's
// port and their purgers in place of the defaults, and nothing else that could reach the VCL.
const shipped = fs.readFileSync(SHIPPED_VCL, 'utf8');

describe('edgeVcl', () => {
  it("puts the origin's port and the purgers in place of the defaults, and leaves the rest as shipped", () => {
    const vcl = edgeVcl(shipped, { originPort: 41234, purgeFrom: ['127.0.0.1', '10.0.0.0/8'] });
    expect(vcl).toMatch(/backend origin \{\s+\.host = "127\.0\.0\.1";\s+\.port = "41234";/);
    expect(vcl).toContain('acl purgers {\n    "127.0.0.1";\n    "10.0.0.0"/8;\n}');
    expect(vcl.replace(/\.port = "\d+"/, '').replace(/acl purgers \{[^}]*\}/, '')).toBe(
      shipped.replace(/\.port = "\d+"/, '').replace(/acl purgers \{[^}]*\}/, ''),
    );
    // The shipped defaults: an origin on 3000, purges from 127.0.0.1 only.
    expect(edgeVcl(shipped, { originPort: 3000 })).toBe(shipped);
  });

  it('refuses a purger that is not an address or a range (it would be written into the VCL)', () => {
    for (const bad of ['0.0.0.0"; } acl x { "1', 'localhost', '127.0.0.1/8/8', ''])
      expect(() => edgeVcl(shipped, { originPort: 3000, purgeFrom: [bad] })).toThrow(/Not an IP address or range/);
  });

  it('says so when the VCL has no backend or ACL to set', () => {
    expect(() => edgeVcl('vcl 4.1;\n', { originPort: 3000 })).toThrow(/no host, port, acl/);
  });
});

describe('findVarnishd', () => {
  it('takes VARNISHD when it exists, and none when it does not', () => {
    expect(findVarnishd({ VARNISHD: process.execPath })).toBe(process.execPath);
    expect(findVarnishd({ VARNISHD: '/nonexistent/varnishd' })).toBeNull();
  });
});
