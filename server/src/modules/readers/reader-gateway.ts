import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  MESSAGE_KEYS as M,
  ReaderAppSchema,
  ReaderKindSchema,
  type ReaderApp,
  type ReaderKind,
} from '@tagtrack/contract';
import { AppError } from '../../lib/errors.js';

/**
 * Where reader types and reader apps come from. The product ships a catalogue with the server; a
 * real device gateway can implement the same interface. Failures throw a GatewayError (502).
 */
export interface ReaderGateway {
  listKinds(): Promise<ReaderKind[]>;
  listApps(): Promise<ReaderApp[]>;
  /** Reloads the kinds or the apps from their source. */
  fetchUpdates(what: 'kinds' | 'apps'): Promise<void>;
}

const CatalogueSchema = z.object({
  kinds: z.array(ReaderKindSchema).min(1),
  apps: z.array(ReaderAppSchema).min(1),
});
type Catalogue = z.infer<typeof CatalogueSchema>;

export const gatewayError = (detail: string) => new AppError('GatewayError', detail);

/** The catalogue file shipped next to this module. */
export const SHIPPED_CATALOGUE = fileURLToPath(new URL('./reader-catalogue.json', import.meta.url));

/**
 * The shipped catalogue: read on first use and kept; fetchUpdates reads the file again, so a
 * replaced file takes effect without a restart. An unreadable or malformed file is a GatewayError,
 * and the last good catalogue stays in use.
 */
export class CatalogueReaderGateway implements ReaderGateway {
  private catalogue: Catalogue | undefined;

  constructor(private readonly file: string = SHIPPED_CATALOGUE) {}

  private async load(): Promise<Catalogue> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      throw gatewayError(M.readerCatalogueUnreadable);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw gatewayError(M.readerCatalogueNotJson);
    }
    const result = CatalogueSchema.safeParse(parsed);
    if (!result.success) throw gatewayError(M.readerCatalogueInvalid);
    return result.data;
  }

  private async current(): Promise<Catalogue> {
    this.catalogue ??= await this.load();
    return this.catalogue;
  }

  async listKinds(): Promise<ReaderKind[]> {
    return (await this.current()).kinds;
  }

  async listApps(): Promise<ReaderApp[]> {
    return (await this.current()).apps;
  }

  async fetchUpdates(what: 'kinds' | 'apps'): Promise<void> {
    const fresh = await this.load();
    const previous = this.catalogue ?? fresh;
    this.catalogue = what === 'kinds' ? { ...previous, kinds: fresh.kinds } : { ...previous, apps: fresh.apps };
  }
}

/** The gateway the server uses unless one is injected (tests pass failing ones). */
export function createReaderGateway(file?: string): ReaderGateway {
  return new CatalogueReaderGateway(file);
}
