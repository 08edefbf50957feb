// CPU profiles of the bench's main thread (BENCH_PROFILE), which is also the server's thread.
import { mkdir, writeFile } from 'node:fs/promises';
import inspector from 'node:inspector';
import path from 'node:path';

/**
 * With BENCH_PROFILE set to a folder: a CPU profile of this thread (the server's, and the bench's
 * own main thread) over each ingest run, written there for Chrome's DevTools.
 */
export async function startProfile() {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return null;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async save(name: string) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      session.disconnect();
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, `${name.replace(/[^\w]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
