import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files' bytes live; their metadata is in the database. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Writes a file from a stream (a report's CSV, written as the database yields it). */
  putStream(key: string, data: AsyncIterable<string | Buffer>): Promise<void>;
  read(key: string): Readable;
  /** Whether the file is there (one of an old run may have gone with the retention sweep, or by hand). */
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9]+\/[0-9a-f-]{36}$/;

/** Files on the local disk under one root (DATA_DIR/files by default). */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    // SECURITY: keys are made by the server (customer id / uuid); refuse anything else.
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data, { flag: 'wx' });
  }

  async putStream(key: string, data: AsyncIterable<string | Buffer>): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await pipeline(data, createWriteStream(target, { flags: 'wx' }));
    } catch (error) {
      // A file cut short is no file.
      await rm(target, { force: true });
      throw error;
    }
  }

  read(key: string): Readable {
    return createReadStream(this.file(key));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.file(key));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
