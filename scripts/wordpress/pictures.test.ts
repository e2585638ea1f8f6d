import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadPicture, isPublicAddress, MAX_DOWNLOAD_BYTES } from './download.ts';
import { loadPicture } from './pictures.ts';

// Where the importer may take a picture's bytes from: the uploads folder given, and the public
// Internet; never a file outside the folder nor a machine of the importer's own network.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wordpress-pictures-'));
const uploads = path.join(work, 'uploads');
const PICTURE = Buffer.from('the picture');
const SECRET = Buffer.from('a file of the machine');

/** A test image server on 127.0.0.1 that counts what it is asked. */
let server: http.Server;
let port: number;
const asked: string[] = [];

beforeAll(async () => {
  fs.mkdirSync(path.join(uploads, '2024/03'), { recursive: true });
  fs.writeFileSync(path.join(uploads, '2024/03/photo.jpg'), PICTURE);
  fs.writeFileSync(path.join(work, 'secret.txt'), SECRET);
  fs.mkdirSync(path.join(work, 'elsewhere'));
  fs.writeFileSync(path.join(work, 'elsewhere/photo.jpg'), SECRET);
  // What an export's author can leave in an uploads folder they hand over.
  fs.symlinkSync(path.join(work, 'secret.txt'), path.join(uploads, '2024/03/lien.jpg'));
  fs.symlinkSync(path.join(work, 'elsewhere'), path.join(uploads, '2024/04'));
  // A link that stays inside the folder is a file of the folder.
  fs.symlinkSync(path.join(uploads, '2024/03/photo.jpg'), path.join(uploads, '2024/03/copie.jpg'));

  server = http.createServer((req, res) => {
    asked.push(`${req.headers.host} ${req.url}`);
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/wp-content/uploads/photo.jpg` });
      return res.end();
    }
    res.end(PICTURE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(work, { recursive: true, force: true });
});

describe('pictures from the uploads folder', () => {
  it('never reads a file a link leads to outside the folder', async () => {
    const source = (file: string) => ({ file, url: `https://old.test/wp-content/uploads/${file}` });
    expect(await loadPicture(source('2024/03/lien.jpg'), uploads, false)).toBeNull();
    expect(await loadPicture(source('2024/04/photo.jpg'), uploads, false)).toBeNull();
    expect(await loadPicture(source('../secret.txt'), uploads, false)).toBeNull();
    expect(await loadPicture(source('2024/03'), uploads, false)).toBeNull();
    // The folder's own files, also through a link inside it or a linked folder given as --images.
    expect(await loadPicture(source('2024/03/photo.jpg'), uploads, false)).toEqual(PICTURE);
    expect(await loadPicture(source('2024/03/copie-1024x768.jpg'), uploads, false)).toEqual(PICTURE);
    fs.symlinkSync(uploads, path.join(work, 'uploads-link'));
    expect(await loadPicture(source('2024/03/photo.jpg'), path.join(work, 'uploads-link'), false)).toEqual(PICTURE);
  });

  it('reads the file it checked: a link swapped in after the check is refused', async () => {
    const swapped = path.join(uploads, '2024/03/echange.jpg');
    fs.writeFileSync(swapped, PICTURE);
    const realpath = fsPromises.realpath;
    // The name is turned into a link to a file outside just after its real path was read, as a
    // process racing the importer would.
    const spy = vi.spyOn(fsPromises, 'realpath').mockImplementation(async (name, ...rest) => {
      const real = await realpath(name, ...rest);
      if (real === swapped) {
        fs.rmSync(swapped);
        fs.symlinkSync(path.join(work, 'secret.txt'), swapped);
      }
      return real;
    });
    try {
      expect(await loadPicture({ file: '2024/03/echange.jpg', url: 'https://old.test/x.jpg' }, uploads, false)).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it('does not read a file larger than a download may be; a FIFO is no picture', async () => {
    const big = path.join(uploads, '2024/03/enorme.jpg');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, MAX_DOWNLOAD_BYTES + 1);
    const readFile = vi.spyOn(fsPromises, 'readFile');
    try {
      // Its length, not its bytes: a failure prints no 50 MB buffer.
      expect((await loadPicture({ file: '2024/03/enorme.jpg', url: 'https://old.test/x.jpg' }, uploads, false))?.length).toBeUndefined();
      expect(readFile).not.toHaveBeenCalled();
    } finally {
      readFile.mockRestore();
    }
    fs.truncateSync(big, MAX_DOWNLOAD_BYTES);
    expect((await loadPicture({ file: '2024/03/enorme.jpg', url: 'https://old.test/x.jpg' }, uploads, false))?.length).toBe(
      MAX_DOWNLOAD_BYTES,
    );
    fs.rmSync(big);
    execFileSync('mkfifo', [path.join(uploads, '2024/03/tube.jpg')]);
    expect(await loadPicture({ file: '2024/03/tube.jpg', url: 'https://old.test/x.jpg' }, uploads, false)).toBeNull();
  });

  it('works with an uploads folder whose real path is the root', async () => {
    const file = path.relative('/', path.join(fs.realpathSync(uploads), '2024/03/photo.jpg'));
    expect(await loadPicture({ file, url: 'https://old.test/x.jpg' }, '/', false)).toEqual(PICTURE);
    expect(await loadPicture({ file: '../etc/../' + file, url: 'https://old.test/x.jpg' }, '/', false)).toEqual(PICTURE);
  });
});

describe('pictures downloaded at their old address', () => {
  it('tells public addresses from this machine’s and its networks’', () => {
    for (const address of ['93.184.216.34', '41.82.1.1', '2a00:1450:4007:80e::200e', '::ffff:93.184.216.34'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.5',
      '::ffff:a9fe:a9fe',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses the IPv6 ranges that carry an IPv4 address through a translator or a tunnel', () => {
    for (const address of [
      '::ffff:0:7f00:1', // IPv4-translated 127.0.0.1
      '::ffff:0:a00:5',
      '64:ff9b:1::a00:5', // local-use NAT64
      '64:ff9b:1:ffff::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2001::1',
      '::7f00:1', // IPv4-compatible
      '::a00:5',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    // Their neighbours on the Internet stay public.
    for (const address of ['2001:4860:4860::8888', '2001:1::1', '64:ff9b:2::1', '2a00:1450:4007:80e::200e'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback and private addresses, and names that resolve to them, without asking them', async () => {
    asked.length = 0;
    for (const host of ['127.0.0.1', '[::1]', 'localhost', '[::ffff:127.0.0.1]'])
      expect(await downloadPicture(`http://${host}:${port}/wp-content/uploads/photo.jpg`), host).toBeNull();
    // A name the resolver answers with a private address among public ones: refused all the same.
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect(await downloadPicture('http://mixed.test/photo.jpg', { lookup })).toBeNull();
    expect(await downloadPicture('file:///etc/passwd')).toBeNull();
    // As the importer asks for a picture missing from the folder.
    expect(await loadPicture({ file: null, url: `http://127.0.0.1:${port}/wp-content/uploads/photo.jpg` }, null, true)).toBeNull();
    expect(await loadPicture({ file: null, url: `http://localhost:${port}/wp-content/uploads/photo.jpg` }, uploads, true)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('checks the address a redirect leads to', async () => {
    // Only the first hop is let through (a public site redirecting to this machine, as the test's).
    let hops = 0;
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const firstHopOnly = {
      lookup,
      get allowPrivateAddresses() {
        return hops++ === 0;
      },
    };
    asked.length = 0;
    expect(await downloadPicture(`http://old.test:${port}/redirect`, firstHopOnly)).toBeNull();
    expect(asked).toEqual([`old.test:${port} /redirect`]);
  });

  it('fetches from the address the name was checked at, with the name as Host (no second resolution)', async () => {
    asked.length = 0;
    // `old.test` resolves nowhere but through the resolver given: the bytes prove the connection
    // went to the checked address. The test server is on 127.0.0.1, hence the tests-only option.
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const body = await downloadPicture(`http://old.test:${port}/wp-content/uploads/photo.jpg`, { lookup, allowPrivateAddresses: true });
    expect(body).toEqual(PICTURE);
    expect(await downloadPicture(`http://old.test:${port}/redirect`, { lookup, allowPrivateAddresses: true })).toEqual(PICTURE);
    expect(asked).toEqual([
      `old.test:${port} /wp-content/uploads/photo.jpg`,
      `old.test:${port} /redirect`,
      `127.0.0.1:${port} /wp-content/uploads/photo.jpg`,
    ]);
  });

  it('tries every checked address of a name, the first not answering; never one unchecked', async () => {
    asked.length = 0;
    // 127.0.0.2 is this machine too, but the test server listens on 127.0.0.1 only: refused.
    const lookup = async () => [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const body = await downloadPicture(`http://old.test:${port}/wp-content/uploads/photo.jpg`, { lookup, allowPrivateAddresses: true });
    expect(body).toEqual(PICTURE);
    expect(asked).toEqual([`old.test:${port} /wp-content/uploads/photo.jpg`]);
    // Without the tests' option, any unchecked address among them refuses the name.
    expect(await downloadPicture(`http://old.test:${port}/wp-content/uploads/photo.jpg`, { lookup })).toBeNull();
    expect(asked).toHaveLength(1);
  });
});
