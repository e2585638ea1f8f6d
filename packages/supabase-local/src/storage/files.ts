import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ERRORS } from './errors.ts';

/**
 * Where bytes live: `<storageDir>/<bucket>/<name>`. Uploads are first written to a folder whose
 * name no bucket can have (`#` is not a bucket character) on the same disk, then renamed into
 * place, so a failed or refused upload never leaves a partial file where a reader could see it.
 */
export class FileStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '#uploads');
    // Whatever is here was cut short by a crash or a kill: it never became an object.
    fs.rmSync(this.tmpDir, { recursive: true, force: true });
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  /** The file of an object; names are validated before, this is the second lock on the door. */
  pathOf(bucket: string, name: string): string {
    const bucketDir = path.resolve(this.root, bucket);
    const file = path.resolve(bucketDir, name);
    if (path.dirname(bucketDir) !== path.resolve(this.root) || !file.startsWith(bucketDir + path.sep)) {
      throw ERRORS.invalidKey(name);
    }
    return file;
  }

  tempPath(): string {
    return path.join(this.tmpDir, randomUUID());
  }

  async discard(tmp: string): Promise<void> {
    await fs.promises.rm(tmp, { force: true });
  }

  /** Moves a finished temp file into place, replacing any previous version atomically. */
  async publish(tmp: string, bucket: string, name: string): Promise<void> {
    const target = this.pathOf(bucket, name);
    try {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tmp, target);
    } catch (err) {
      // A file system cannot hold both `a` and `a/b`, which object stores allow.
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') {
        throw ERRORS.invalidRequest(`An object and a folder cannot share the name "${name}" in this local stack`);
      }
      throw err;
    }
  }

  async copyToTemp(bucket: string, name: string): Promise<string> {
    const tmp = this.tempPath();
    try {
      await fs.promises.copyFile(this.pathOf(bucket, name), tmp);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw ERRORS.noSuchKey();
      throw err;
    }
    return tmp;
  }

  /** Removes an object's file, then the folders it leaves empty (as an object store has none). */
  async remove(bucket: string, name: string): Promise<void> {
    await fs.promises.rm(this.pathOf(bucket, name), { force: true });
    await this.pruneFolders(bucket, name);
  }

  async move(fromBucket: string, fromName: string, toBucket: string, toName: string): Promise<void> {
    const source = this.pathOf(fromBucket, fromName);
    if (!fs.existsSync(source)) throw ERRORS.noSuchKey();
    await this.publish(source, toBucket, toName);
    await this.pruneFolders(fromBucket, fromName);
  }

  private async pruneFolders(bucket: string, name: string): Promise<void> {
    const bucketDir = path.resolve(this.root, bucket);
    for (let dir = path.dirname(this.pathOf(bucket, name)); dir.startsWith(bucketDir + path.sep); dir = path.dirname(dir)) {
      try {
        await fs.promises.rmdir(dir);
      } catch {
        break;
      }
    }
  }

  async removeBucket(bucket: string): Promise<void> {
    await fs.promises.rm(path.resolve(this.root, bucket), { recursive: true, force: true });
  }

  async stat(bucket: string, name: string): Promise<fs.Stats | null> {
    try {
      const stat = await fs.promises.stat(this.pathOf(bucket, name));
      return stat.isFile() ? stat : null;
    } catch {
      return null;
    }
  }

  open(bucket: string, name: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(bucket, name));
  }
}
