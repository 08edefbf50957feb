import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Role } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { changeLanguage } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { buildCurrentUser } from '../../../test/current-user';
import { renderWithProviders } from '../../../test/render';
import { noContent, refuse, stubServer, type StubHandlers } from '../../../test/stub-server';
import { WhereAmI, alert, eventRule } from '../test/event-fixtures';
import { EventCenterPage } from './event-center-page';

const freezer = eventRule(1, 'Freezer watch', { modified: '2026-11-30T14:05:09.000Z' });
const fridge = eventRule(2, 'Fridge watch');

async function renderPage(roles: Role[], path: string, more: StubHandlers = {}) {
  const server = stubServer({
    me: buildCurrentUser(roles),
    observationList: { count: 2, results: [alert(1), alert(2, { product_names: ['Vaccine'] })] },
    observationRuleList: { count: 2, results: [freezer, fridge] },
    observationRuleDelete: noContent,
    ...more,
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/event-center/:tab" element={<EventCenterPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { path },
  );
  // The role decides the event list's write controls: wait until the user is known.
  if (path.endsWith('/events')) {
    await waitFor(() => expect(rendered.client.getQueryState(queryKeys.me.all)?.status).toBe('success'));
  }
  return { server, ...rendered };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('/event-center', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('lists the latest active events with their products, value and time, refreshing every 5 s', async () => {
    const { server } = await renderPage(['viewer'], '/event-center/notifications');
    const rows = await screen.findAllByTestId('notification-row');
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      ['event', 'products', 'value', 'time'].map((c) => within(row).getByTestId(`notification-${c}`).textContent);
    expect(cells(rows[0]!)).toEqual([
      'Vaccine too warm',
      'Vaccine, Insulin',
      '9.25 °C',
      formatTimestamp('2026-11-30T06:00:04.000Z'),
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Latest Active Events' })).toBeTruthy();
    expect((screen.getByTestId('notifications-polling') as HTMLInputElement).value).toBe('5000');
    expect(Object.fromEntries(server.callsTo('observationList')[0]!.query)).toEqual({ page: '1', page_size: '20' });
    // The pager offers 10, 20 or 25 rows.
    fireEvent.mouseDown(within(screen.getByTestId('notifications-pager')).getByRole('combobox'));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['10', '20', '25']);
  });

  it('writes each value with 2 decimals in the reader’s language, a huge one too', async () => {
    await changeLanguage('de');
    const huge = alert(2, { measurements: { ...alert(2).measurements, value: 1e308 } });
    await renderPage(['viewer'], '/event-center/notifications', {
      observationList: { count: 2, results: [alert(1), huge] },
    });
    const values = await screen.findAllByTestId('notification-value');
    expect(values.map((cell) => cell.textContent)).toEqual(['9,25 °C', '1,00E308 °C']);
  });

  it('names a reader health event by its reader and says what happened', async () => {
    const offline = alert(3, {
      kind: 'reader_offline',
      rule: { id: null, name: 'Dock door' },
      products: [],
      product_names: [],
      measurements: {
        ...alert(3).measurements,
        value: null,
        measurement_type: null,
        unit: '',
        symbol: '',
        sensor: null,
      },
      reader: { id: 7, name: 'Dock door' },
    });
    await renderPage(['viewer'], '/event-center/notifications', { observationList: { count: 1, results: [offline] } });
    const [row] = await screen.findAllByTestId('notification-row');
    expect(
      ['event', 'products', 'value'].map((c) => within(row!).getByTestId(`notification-${c}`).textContent),
    ).toEqual(['Dock door', '—', 'Reader offline']);
  });

  it('says when there are no notifications yet', async () => {
    await renderPage(['administrator'], '/event-center/notifications', {
      observationList: { count: 0, results: [] },
    });
    expect((await screen.findByTestId('notifications-empty')).textContent).toContain('No notifications yet.');
  });

  it('gives an administrator New Event, Edit and Delete, the list by last edit', async () => {
    const { server } = await renderPage(['administrator'], '/event-center/events');
    await screen.findAllByTestId('event-row');
    expect(screen.getByRole('heading', { level: 2, name: 'Sensor Monitoring Event' })).toBeTruthy();
    expect(screen.getByTestId('event-new').getAttribute('href')).toBe('/event-center/event-form');
    expect(within(rowOf('Freezer watch')).getByTestId('event-last-edit').textContent).toBe(
      formatTimestamp('2026-11-30T14:05:09.000Z').slice(0, 16),
    );
    expect(within(rowOf('Freezer watch')).getByTestId('event-edit').getAttribute('href')).toBe(
      `/event-center/event-form/${freezer.id}`,
    );
    expect(screen.getAllByTestId('event-delete')).toHaveLength(2);
    expect(server.callsTo('observationRuleList')[0]!.query.get('ordering')).toBe('-modified');
  });

  it('gives an operator Edit and Delete but no New Event', async () => {
    await renderPage(['operator'], '/event-center/events');
    await screen.findAllByTestId('event-row');
    expect(screen.queryByTestId('event-new')).toBeNull();
    expect(screen.getAllByTestId('event-edit')).toHaveLength(2);
    expect(screen.getAllByTestId('event-delete')).toHaveLength(2);
  });

  it('gives a viewer no write control', async () => {
    await renderPage(['viewer'], '/event-center/events');
    await screen.findAllByTestId('event-row');
    expect(screen.queryByTestId('event-new')).toBeNull();
    expect(screen.queryByTestId('event-edit')).toBeNull();
    expect(screen.queryByTestId('event-delete')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Freezer watch' })).toBeNull();
  });

  it('deletes an event after asking, and says so', async () => {
    const { server } = await renderPage(['application'], '/event-center/events');
    await screen.findAllByTestId('event-row');
    await userEvent.click(within(rowOf('Fridge watch')).getByTestId('event-delete'));
    const dialog = await screen.findByTestId('event-delete-dialog');
    expect(dialog.textContent).toContain('Fridge watch');
    await userEvent.click(screen.getByTestId('event-delete-dialog-confirm'));
    expect(await screen.findByText('Event deleted')).toBeTruthy();
    expect(server.callsTo('observationRuleDelete').map((call) => call.params.id)).toEqual([fridge.id]);
  });

  it('says a delete failed, with the server’s reason', async () => {
    await renderPage(['operator'], '/event-center/events', {
      observationRuleDelete: () => refuse('PermissionDenied', 'permissionDenied'),
    });
    await screen.findAllByTestId('event-row');
    await userEvent.click(within(rowOf('Freezer watch')).getByTestId('event-delete'));
    await userEvent.click(await screen.findByTestId('event-delete-dialog-confirm'));
    expect(
      await screen.findByText(/^Failed to delete event\. You do not have permission to perform this action\./),
    ).toBeTruthy();
  });

  it('switches tabs by path, and opens the notifications for an unknown tab', async () => {
    await renderPage(['viewer'], '/event-center/elsewhere');
    await screen.findAllByTestId('notification-row');
    await userEvent.click(screen.getByTestId('event-center-tab-events'));
    await screen.findAllByTestId('event-row');
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('true');
  });
});
