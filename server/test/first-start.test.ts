import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { customers, users } from '../src/db/schema/index.js';
import type { Database } from '../src/db/client.js';
import { bootstrapEmptyDatabase, DEMO_USERS } from '../src/tools/demo/seed.js';
import { DEMO_TEAM } from '../src/tools/demo/seed-users.js';
import { LocalDiskStorage, type FileStorage } from '../src/lib/storage/file-storage.js';
import { openTestDatabase } from './test-database.js';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let database: Database;
let filesDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-first-start-'));
});
afterAll(async () => {
  await database.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('the first start on an empty database', () => {
  it('seeds all or nothing: one stopped midway leaves no customer and prints no password, and the next seeds afresh', async () => {
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const disk = new LocalDiskStorage(filesDir);
      // The demo's pictures: the second one fails, as a start killed there would stop.
      let puts = 0;
      const failing: FileStorage = {
        put: async (key, data) => {
          if (++puts === 2) throw new Error('stopped');
          await disk.put(key, data);
        },
        putStream: (key, data) => disk.putStream(key, data),
        read: (key) => disk.read(key),
        exists: (key) => disk.exists(key),
        remove: (key) => disk.remove(key),
      };
      await expect(
        bootstrapEmptyDatabase(database.privileged, { demo: true, storage: failing, adminPassword: undefined }, log),
      ).rejects.toThrow('stopped');
      expect(await database.privileged.$count(customers)).toBe(0);
      expect(await database.privileged.$count(users)).toBe(0);
      expect(printed.join('')).not.toMatch(/First start/);

      await bootstrapEmptyDatabase(database.privileged, { demo: true, storage: disk }, log);
      expect(await database.privileged.$count(customers)).toBe(1);
      expect(await database.privileged.$count(users)).toBe(1 + DEMO_USERS.length + DEMO_TEAM.length);
      expect(printed.join('')).toMatch(/First start: sign in as admin, operator, viewer, application/);
      // A later start finds the customer and seeds nothing more.
      await bootstrapEmptyDatabase(database.privileged, { demo: true, storage: disk }, log);
      expect(await database.privileged.$count(customers)).toBe(1);
    } finally {
      write.mockRestore();
    }
  }, 120_000);
});
