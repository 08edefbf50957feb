import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Encoding } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { encoding } from '../../../test/catalogue-fixtures';
import { errorResponse, jsonResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { stubServer, type StubCall, type StubServer } from '../../../test/stub-server';
import { EncodingsCard } from './encodings-card';

function list(): Encoding[] {
  return [
    encoding(1, 'NID32', { default: true }),
    encoding(2, 'NID64'),
    encoding(3, 'SGTIN96', { disabled: true, metadata: { companyPrefix: '0614141' } }),
    encoding(4, 'LOOKUP'),
  ];
}

/** The server: the list answers the current encodings, which a write (answered by `write`) may change. */
function stubEncodingServer(write: (call: StubCall, current: Encoding[]) => Response) {
  const current = list();
  return stubServer({
    encodingList: () => ({ encodings: current }),
    encodingUpdate: (call) => write(call, current),
  });
}

/** The writes the card sent. */
const writes = (server: StubServer) => server.calls.filter((c) => c.method !== 'GET');

describe('encodings card', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the four methods, SGTIN-96 with its company prefix, and which is enabled and default', async () => {
    stubEncodingServer(() => jsonResponse({ encodings: list() }));
    renderWithProviders(<EncodingsCard />);
    const sgtin = await screen.findByTestId('encoding-SGTIN96');
    expect(within(sgtin).getByText('SGTIN-96 (0614141)')).toBeTruthy();
    expect(within(sgtin).getByText('Disabled')).toBeTruthy();
    expect((screen.getByTestId('encoding-SGTIN96-enabled') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('encoding-SGTIN96-default') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('encoding-NID32-default') as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByTestId('encoding-NID32')).getByText('Default')).toBeTruthy();
    expect(screen.getByTestId('encoding-LOOKUP').textContent).toContain('Lookup');
  });

  it('checks the company prefix on submit (6 to 12 digits) and saves a valid one', async () => {
    const server = stubEncodingServer((call, current) => {
      current[2]!.metadata = (call.body as { metadata: Encoding['metadata'] }).metadata;
      return jsonResponse({ encodings: current });
    });
    renderWithProviders(<EncodingsCard />);
    const input = await screen.findByTestId('company-prefix-input');
    fireEvent.change(input, { target: { value: '12ab' } });
    await userEvent.click(screen.getByTestId('company-prefix-save'));
    expect(await screen.findByText('The company prefix has 6 to 12 digits.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '12345' } });
    await userEvent.click(screen.getByTestId('company-prefix-save'));
    await waitFor(() => expect(screen.getByText('The company prefix has 6 to 12 digits.')).toBeTruthy());
    expect(writes(server)).toEqual([]);
    fireEvent.change(input, { target: { value: ' 4012345 ' } });
    await userEvent.click(screen.getByTestId('company-prefix-save'));
    expect(await screen.findByText('Company prefix saved')).toBeTruthy();
    expect(writes(server)).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: expect.stringContaining('/master-data/encoding/3/'),
        body: { metadata: { companyPrefix: '4012345' } },
      }),
    ]);
    expect(await screen.findByText('SGTIN-96 (4012345)')).toBeTruthy();
  });

  it('enables, disables and picks the default; a refusal is shown with the server message', async () => {
    const server = stubEncodingServer((call) =>
      (call.body as { disabled?: boolean }).disabled === true
        ? errorResponse('ValidationError', { disabled: ['oneEncodingEnabled'] })
        : jsonResponse({ encodings: list() }),
    );
    renderWithProviders(<EncodingsCard />);
    await screen.findByTestId('encoding-NID64');
    fireEvent.click(screen.getByTestId('encoding-NID64-default'));
    expect(await screen.findByText('NID64 is now the default encoding method')).toBeTruthy();
    fireEvent.click(screen.getByTestId('encoding-LOOKUP-enabled'));
    expect(
      await screen.findByText(
        /^Failed to update the encoding method: At least one encoding method must stay enabled\./,
      ),
    ).toBeTruthy();
    expect(writes(server).map((c) => [c.route, c.url, c.body])).toEqual([
      ['encodingUpdate', '/master-data/encoding/2/', { default: true }],
      ['encodingUpdate', '/master-data/encoding/4/', { disabled: true }],
    ]);
  });

  it('a change the server would refuse is disabled and says why on hover', async () => {
    const server = stubEncodingServer(() => jsonResponse({ encodings: list() }));
    renderWithProviders(<EncodingsCard />);
    const nid32 = (await screen.findByTestId('encoding-NID32-enabled')) as HTMLInputElement;
    expect(nid32.checked).toBe(true);
    expect(nid32.disabled).toBe(true);
    await userEvent.hover(nid32.closest('[data-testid="disabled-reason"]')!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('The default encoding method cannot be disabled.');
    const sgtin = screen.getByTestId('encoding-SGTIN96-default') as HTMLInputElement;
    expect(sgtin.disabled).toBe(true);
    expect(sgtin.closest('[data-testid="disabled-reason"]')!.getAttribute('aria-label')).toBe(
      'Choose an enabled encoding method',
    );
    expect((screen.getByTestId('encoding-NID64-enabled') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(nid32);
    expect(writes(server)).toEqual([]);
  });

  it('a refused prefix is shown on the field', async () => {
    stubEncodingServer(() => errorResponse('ValidationError', { 'metadata.companyPrefix': ['companyPrefixInvalid'] }));
    renderWithProviders(<EncodingsCard />);
    fireEvent.change(await screen.findByTestId('company-prefix-input'), { target: { value: '123456' } });
    await userEvent.click(screen.getByTestId('company-prefix-save'));
    expect(await screen.findByText(/^Failed to update the encoding method/)).toBeTruthy();
    expect(screen.getAllByText('The company prefix has 6 to 12 digits.').length).toBeGreaterThan(0);
  });
});
