import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { ApiError } from '../../lib/api-client';
import { useClientStore } from '../../lib/client-store';
import { useErrorReportStore } from '../../lib/error-report-store';
import { errorResponse, jsonResponse } from '../../test/json-response';
import { renderWithProviders } from '../../test/render';
import { stubServer, type StubServer } from '../../test/stub-server';
import { useNotify } from './use-notify';

const payload = {
  type: 'ValidationError',
  detail: ['Row 2: unknown SKU', 'Row 7: duplicate EPC'],
  id: 'err-42',
  request: 'POST /inventory/import/',
  time: '2026-11-22T10:00:00Z',
  'user-agent': 'Test/1.0',
};

function Failing() {
  const notify = useNotify();
  const error = new ApiError({
    status: 400,
    url: '/inventory/import/',
    method: 'POST',
    payload,
    responseText: JSON.stringify(payload) + ' '.repeat(10) + 'z'.repeat(300),
  });
  return <Button onClick={() => notify.error('Import failed.', error)}>fail</Button>;
}

// The first message loads the snackbars' chunk and the Report button the dialog's: slow on a busy machine.
describe('error snackbar and report dialog', { timeout: 15_000 }, () => {
  let server: StubServer;
  beforeEach(() => {
    useClientStore.setState({ access: 'token', refresh: 'refresh' });
    useErrorReportStore.setState({ error: null });
    server = stubServer({ errorReport: () => jsonResponse({ id: 1 }, 201) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the caller and type messages, and reports with a comment', async () => {
    renderWithProviders(<Failing />);
    await userEvent.click(screen.getByRole('button', { name: 'fail' }));

    expect(await screen.findByText(/Import failed\.\s+Request validation failed\./)).toBeTruthy();
    await userEvent.click(screen.getByTestId('error-report-button'));

    const dialog = await screen.findByRole('dialog');
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Row 2: unknown SKU', 'Row 7: duplicate EPC']);
    expect(within(dialog).queryByText('Request URL')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Show details' }));
    expect(within(dialog).getByText('POST /inventory/import/')).toBeTruthy();
    expect(within(dialog).getByText('400 · ValidationError')).toBeTruthy();
    const response = within(dialog).getByText(/^\{"type":"ValidationError"/);
    expect(response.textContent?.length).toBe(151); // 150 characters and the ellipsis

    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Happened on import');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await screen.findByText('Thank you! The error report is successfully sent to support team.');
    expect(server.calls).toHaveLength(1);
    const [report] = server.calls;
    expect(report!.route).toBe('errorReport');
    expect(report!.url).toBe('/api/error/');
    expect(report!.method).toBe('POST');
    expect(report!.body).toMatchObject({
      error_uuid: 'err-42',
      error_request: 'POST /inventory/import/',
      error_code: 400,
      comment: 'Happened on import',
      ui_error_message: 'Import failed.\nRequest validation failed.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a comment over 150 characters', async () => {
    renderWithProviders(<Failing />);
    await userEvent.click(screen.getByRole('button', { name: 'fail' }));
    await userEvent.click(await screen.findByTestId('error-report-button'));
    const dialog = await screen.findByRole('dialog');

    await userEvent.click(within(dialog).getByLabelText('Comment'));
    await userEvent.paste('x'.repeat(151));

    expect(await within(dialog).findByText('The comment may have at most 150 characters')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Send report' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the report cannot be sent', async () => {
    server.set({ errorReport: () => errorResponse('APIException', 'serverError') });
    renderWithProviders(<Failing />);
    await userEvent.click(screen.getByRole('button', { name: 'fail' }));
    await userEvent.click(await screen.findByTestId('error-report-button'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(/Error reporting failed\./)).toBeTruthy();
  });
});
