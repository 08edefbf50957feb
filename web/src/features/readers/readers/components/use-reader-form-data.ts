import { useMemo } from 'react';
import type { ReaderConfiguration } from '@tagtrack/contract';
import { useConfigurations } from '../../api/list-configurations';
import { useEnsuredReaderKinds } from '../../configurations/use-reader-catalogue';
import { choosableConfiguration } from '../model/reader-form';

/** The configuration list answers at most 100 a page: the form offers the first 100 by name. */
const CONFIGURATIONS_OFFERED = 100;

/** Every configuration and template a reader form may choose from, and the reader types. */
export function useReaderFormData(handheld: boolean) {
  const kinds = useEnsuredReaderKinds().query;
  const list = useConfigurations({
    page: 1,
    page_size: CONFIGURATIONS_OFFERED,
    ordering: 'name',
    show_handhelds_and_templates: true,
  });
  const all = list.data?.results;
  const byId = useMemo(() => new Map<number, ReaderConfiguration>((all ?? []).map((c) => [c.id, c])), [all]);
  const choosable = useMemo(() => (all ?? []).filter((c) => choosableConfiguration(c, handheld)), [all, handheld]);
  return { kinds, configurations: list, byId, choosable, ready: kinds.isSuccess && list.isSuccess };
}
