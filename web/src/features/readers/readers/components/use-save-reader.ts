import { useTranslation } from 'react-i18next';
import type { Reader, ReaderConfiguration } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useAssignConfigurations } from '../../api/assign-configurations';
import { useAssignTemplates } from '../../api/assign-templates';
import { useCreateReader } from '../../api/create-reader';
import { useInitializeHandheldOnPremise } from '../../api/initialize-handheld-onpremise';
import { useUpdateReader } from '../../api/update-reader';
import {
  reassignMessage,
  splitRows,
  toCreatePayload,
  toUpdatePayload,
  type ReaderFormContext,
  type ReaderFormValues,
} from '../model/reader-form';
import { READER_DETAIL } from './use-reader-actions';

/** 'Configuration assigned' stays 10 s (02 §8). */
const ASSIGNED_MS = 10_000;

export type SaveResult =
  { ok: false; error: unknown } | { ok: true; uuid: string; credentials?: { serial: string; secret: string } };

/**
 * The reader flows (02 §4): create = create the reader, then assign the rows (configurations, then
 * templates) to its uuid; edit = update it, then assign the rows again when they changed. The
 * messages of 02 §8; a failed assignment does not undo the saved reader.
 */
export function useSaveReader() {
  const { t } = useTranslation('readers');
  const notify = useNotify();
  const create = useCreateReader();
  const createHandheldOnPremise = useInitializeHandheldOnPremise();
  const update = useUpdateReader();
  const assign = useAssignConfigurations();
  const assignTemplates = useAssignTemplates();

  const assignRows = async (
    uuid: string,
    values: ReaderFormValues,
    configurations: ReadonlyMap<number, ReaderConfiguration>,
  ) => {
    const { ids, templates } = splitRows(values.rows, configurations);
    await assign.mutateAsync({ reader_uuid: uuid, reader_configuration_ids: ids });
    if (templates.length > 0) await assignTemplates.mutateAsync({ reader_uuid: uuid, config_data: templates });
    return ids.length + templates.length;
  };

  const createReader = async (values: ReaderFormValues, ctx: ReaderFormContext): Promise<SaveResult> => {
    let created;
    try {
      const input = toCreatePayload(values, ctx);
      created =
        ctx.handheld && ctx.onPremise
          ? await createHandheldOnPremise.mutateAsync(input)
          : await create.mutateAsync({ input, onPremise: ctx.onPremise });
    } catch (error) {
      notify.error(t('createFailed'), error, READER_DETAIL);
      return { ok: false, error };
    }
    notify.success(t('created'));
    if (values.rows.length > 0) {
      try {
        await assignRows(created.uuid, values, ctx.configurations);
        notify.success(t('configurationAssigned'), { duration: ASSIGNED_MS });
      } catch (error) {
        notify.error(t('addConfigurationsFailed'), error, READER_DETAIL);
      }
    }
    return {
      ok: true,
      uuid: created.uuid,
      // On-premise the password given is the secret: nothing new to show.
      credentials: created.secret && !ctx.onPremise ? { serial: created.serial, secret: created.secret } : undefined,
    };
  };

  const updateReader = async (
    reader: Reader,
    values: ReaderFormValues,
    ctx: ReaderFormContext,
    rowsChanged: boolean,
  ): Promise<SaveResult> => {
    try {
      await update.mutateAsync({ uuid: reader.uuid, changes: toUpdatePayload(values, ctx) });
    } catch (error) {
      notify.error(t('updateFailed'), error, READER_DETAIL);
      return { ok: false, error };
    }
    notify.success(t('updated'));
    if (rowsChanged) {
      try {
        const count = await assignRows(reader.uuid, values, ctx.configurations);
        const message = reassignMessage(reader.configurations.length, count);
        if (message) notify.success(t(message));
      } catch (error) {
        notify.error(t('assignFailed'), error, READER_DETAIL);
      }
    }
    return { ok: true, uuid: reader.uuid };
  };

  const busy =
    create.isPending ||
    createHandheldOnPremise.isPending ||
    update.isPending ||
    assign.isPending ||
    assignTemplates.isPending;
  return { createReader, updateReader, busy };
}
