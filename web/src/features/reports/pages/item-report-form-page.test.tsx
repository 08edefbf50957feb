import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ITEM_REPORT_FIELDS, type ItemReport, type ItemReportCreate, type Product } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { queryKeys } from '../../../lib/query-keys';
import { category, categoryField } from '../../../test/catalogue-fixtures';
import { buildCurrentUser } from '../../../test/current-user';
import { renderWithProviders } from '../../../test/render';
import { refuse, stubServer, type StubHandlers } from '../../../test/stub-server';
import { WhereAmI, itemReport } from '../test/report-fixtures';
import { ItemReportFormPage } from './item-report-form-page';

const tools = category({
  id: 4,
  name: 'Tools',
  fields: [
    categoryField({ id: 11, name: 'Maker', asset_data: true }),
    categoryField({ id: 12, name: 'Weight', type: 'Number', asset_data: true }),
    categoryField({ id: 13, name: 'Brand', asset_data: false }),
  ],
});
const product: Product = {
  id: 1,
  sku: 'DRILL-1',
  name: 'Drill',
  product_code: null,
  category: 4,
  category__name: 'Tools',
  category__parent: null,
  encoding: null,
  metadata: {},
  attributes: [],
  category_fields: [],
  item_count: 3,
  created_at: '2026-11-01T08:00:00.000Z',
};
const saved = itemReport(7, 'Tools out', {
  category: 4,
  report_json: {
    filters: { status: ['out'], product: [1] },
    attribute_filters: [{ id: 11, name: 'Maker', type: 'text', operator: 'contains', value: 'Acme' }],
    report_filter_option: [{ is_last_seen: false, is_created: false, is_asset_attribute: true }],
    fields: [
      { header: 'EPC', headerKey: 'code' },
      { header: 'Maker', headerKey: 'attribute_11' },
    ],
    ordering: [{ field: 'code', value: 'ascending' }],
  },
});

const SEEN_FROM = '2026-11-01T08:00:00.000Z';
const SEEN_TO = '2026-11-20T17:30:00.000Z';
const dated = itemReport(8, 'Created lately', {
  report_json: {
    ...itemReport(8, '').report_json,
    filters: {
      status: ['in'],
      latest_status_update: { type: 'static', operator: 'between', start: SEEN_FROM, end: SEEN_TO },
      created: { type: 'dynamic', operator: 'last', unit: 'week', value: 2 },
    },
    report_filter_option: [{ is_last_seen: true, is_created: true, is_asset_attribute: false }],
  },
});

const after = itemReport(10, 'Seen after', {
  report_json: {
    ...itemReport(10, '').report_json,
    filters: { latest_status_update: { type: 'static', operator: 'gt', start: SEEN_TO } },
    report_filter_option: [{ is_last_seen: true, is_created: false, is_asset_attribute: false }],
  },
});
const noStatus = itemReport(11, 'Any status saved as none', {
  report_json: { ...itemReport(11, '').report_json, filters: {} },
});
const byId: Record<string, ItemReport> = { '7': saved, '8': dated, '10': after, '11': noStatus };

function renderForm(path: string, more: StubHandlers = {}) {
  const server = stubServer({
    me: buildCurrentUser(['administrator']),
    categoryList: { count: 1, results: [tools] },
    productList: { count: 0, results: [] },
    locationList: [],
    itemReportGet: ({ params }) => byId[params.id!],
    itemReportCreate: ({ body }) => ({
      ...itemReport(9, (body as ItemReportCreate).report_name),
      ...(body as object),
      id: 9,
    }),
    itemReportUpdate: ({ body }) => ({ ...saved, ...(body as object) }),
    ...more,
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/reporting/reporting-form/asset" element={<ItemReportFormPage />} />
      <Route path="/reporting/edit-reporting-form/:id" element={<ItemReportFormPage />} />
      <Route path="/reporting/duplicate-reporting-form/:id/:action" element={<ItemReportFormPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { path },
  );
  return { server, ...rendered };
}

const nameInput = () => screen.findByTestId('report-name-input') as Promise<HTMLInputElement>;
const saveButton = () => screen.getByTestId('report-form-save') as HTMLButtonElement;
const columnKeys = () =>
  within(screen.getByTestId('report-columns'))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('data-testid')?.replace('report-column-', ''));

/** Why a disabled control is disabled, as its wrapper tells hover and focus (DisabledReason). */
const reasonOf = (element: HTMLElement) =>
  element.closest('[data-testid="disabled-reason"]')?.getAttribute('aria-label') ?? null;
const helperTexts = (section: HTMLElement) =>
  [...section.querySelectorAll('.MuiFormHelperText-root')].map((node) => node.textContent).filter(Boolean);

async function chooseIn(section: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(section).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function chooseCategory(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('ItemReportFormPage', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('creates a report with the normalised payload and opens its results', async () => {
    const { server, client } = renderForm('/reporting/reporting-form/asset');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Report' })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await userEvent.type(await nameInput(), 'Out today');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    // Status in is the default; turning it off drops the status filter.
    await userEvent.click(screen.getByRole('checkbox', { name: 'In' }));
    client.setQueryData(queryKeys.reports.list({}), { count: 0, results: [] });
    await userEvent.click(saveButton());

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/reporting/view-report/9'));
    const body = server.callsTo('itemReportCreate')[0]?.body as ItemReportCreate;
    expect(body.report_name).toBe('Out today');
    expect(body.category).toBeNull();
    expect(body.report_json.filters).toEqual({});
    expect(body.report_json.attribute_filters).toEqual([]);
    expect(body.report_json.time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(body.report_json.fields[0]).toEqual({ header: 'EPC', headerKey: 'code' });
    expect(body.report_json.ordering).toEqual([{ field: 'code', value: 'ascending' }]);
    expect(await screen.findByText('Report created successfully')).toBeTruthy();
    // The report list refreshes.
    expect(client.getQueryState(queryKeys.reports.list({}))?.isInvalidated).toBe(true);
  });

  it('edits with the name locked and PATCHes without it', async () => {
    const { server } = renderForm('/reporting/edit-reporting-form/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'EditReport: Tools out' })).toBeTruthy();
    const name = await nameInput();
    expect(name.value).toBe('Tools out');
    expect(name.disabled).toBe(true);
    expect(screen.getByTestId('report-form-delete')).toBeTruthy();
    expect(screen.getByTestId('report-form-export')).toBeTruthy();
    await userEvent.type(screen.getByTestId('report-description-input'), 'Weekly');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await userEvent.click(saveButton());

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/reporting/view-report/7'));
    const call = server.callsTo('itemReportUpdate')[0];
    expect(call?.params.id).toBe('7');
    const body = call?.body as Record<string, unknown> & ItemReportCreate;
    expect(body).not.toHaveProperty('report_name');
    expect(body.report_description).toBe('Weekly');
    expect(body.category).toBe(4);
    expect(body.report_json.attribute_filters).toEqual([
      { id: 11, name: 'Maker', type: 'text', operator: 'contains', value: 'Acme' },
    ]);
    expect(await screen.findByText('Report updated successfully')).toBeTruthy();
  });

  it('duplicates under a new name: the name is emptied, a taken one is shown under it', async () => {
    const { server } = renderForm('/reporting/duplicate-reporting-form/7/duplicate', {
      itemReportCreate: () => refuse('ValidationError', { report_name: ['reportNameTaken'] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Duplicate: Tools out' })).toBeTruthy();
    const name = await nameInput();
    expect(name.value).toBe('');
    expect(name.disabled).toBe(false);
    expect(screen.queryByTestId('report-form-delete')).toBeNull();
    await userEvent.type(name, 'Tools out');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await userEvent.click(saveButton());

    await waitFor(() => expect(server.callsTo('itemReportCreate')).toHaveLength(1));
    const field = name.closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(within(field).getByText('A report with this name already exists.')).toBeTruthy());
    // The snackbar says the server's name message, not the generic failure.
    expect(await screen.findAllByText(/A report with this name already exists\./)).toHaveLength(2);
    expect(screen.queryByText(/Failed to duplicate an report/)).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('a new category clears the products, the attribute filters and the columns', async () => {
    const { server } = renderForm('/reporting/edit-reporting-form/7', {
      productList: { count: 1, results: [product] },
    });
    await nameInput();
    expect(await screen.findByTestId('attribute-filter-11')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Drill' })).toBeTruthy();
    expect(columnKeys()).toEqual(['code', 'attribute_11']);
    await chooseCategory('All categories');

    expect(screen.queryByRole('button', { name: 'Drill' })).toBeNull();
    expect(screen.queryByTestId('attribute-filter-11')).toBeNull();
    expect(columnKeys()[0]).toBe('code');
    expect(columnKeys()).not.toContain('attribute_11');
    expect(screen.getByText('Choose a category to filter on its item attributes.')).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await userEvent.click(saveButton());
    await waitFor(() => expect(server.callsTo('itemReportUpdate')).toHaveLength(1));
    const body = server.callsTo('itemReportUpdate')[0]?.body as ItemReportCreate;
    expect(body.category).toBeNull();
    expect(body.report_json.filters).toEqual({ status: ['out'] });
    expect(body.report_json.attribute_filters).toEqual([]);
    expect(body.report_json.fields.map((f) => f.headerKey)).toEqual([...ITEM_REPORT_FIELDS]);
  });

  it('turning a date option off drops its filter from the save; the other is kept', async () => {
    const { server } = renderForm('/reporting/edit-reporting-form/8');
    await nameInput();
    const seen = screen.getByTestId('report-latest-status-update');
    expect(within(seen).getAllByRole('group').length).toBeGreaterThanOrEqual(2);
    const created = screen.getByTestId('report-created');
    expect((within(created).getByLabelText('Number') as HTMLInputElement).value).toBe('2');
    await userEvent.click(within(created).getByRole('switch', { name: 'Created date' }));
    expect(within(created).queryByLabelText('Number')).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await userEvent.click(saveButton());
    await waitFor(() => expect(server.callsTo('itemReportUpdate')).toHaveLength(1));
    const body = server.callsTo('itemReportUpdate')[0]?.body as ItemReportCreate;
    expect(body.report_json.filters).toEqual({
      status: ['in'],
      latest_status_update: { type: 'static', operator: 'between', start: SEEN_FROM, end: SEEN_TO },
    });
    expect(body.report_json.report_filter_option).toEqual([
      { is_last_seen: true, is_created: false, is_asset_attribute: false },
    ]);
  });

  it('Cancel with unsaved edits asks before leaving', async () => {
    renderForm('/reporting/reporting-form/asset');
    await userEvent.type(await nameInput(), 'Draft');
    await userEvent.click(screen.getByTestId('report-form-cancel'));
    expect(await screen.findByTestId('unsaved-changes-dialog')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('keeps code as a column and never orders by a column twice', async () => {
    renderForm('/reporting/edit-reporting-form/7');
    await nameInput();
    const code = await screen.findByTestId('report-column-code');
    expect((within(code).getByRole('button', { name: 'Remove column EPC' }) as HTMLButtonElement).disabled).toBe(true);

    // Two columns: a second ordering takes the other one, and then none is left to add.
    await userEvent.click(screen.getByTestId('add-ordering'));
    expect((screen.getByTestId('ordering-field-1') as HTMLInputElement).value).toBe('attribute_11');
    expect((screen.getByTestId('add-ordering') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(within(screen.getByTestId('report-ordering')).getAllByRole('combobox', { name: 'Column' })[1]!);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Maker']);
  });

  it('says at the field why a date filter cannot be saved, and on Save why it is disabled', async () => {
    renderForm('/reporting/reporting-form/asset');
    await userEvent.type(await nameInput(), 'Dated');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(reasonOf(saveButton())).toBeNull();

    // Relative, "Last …": the number must be a whole number from 1.
    await userEvent.click(screen.getByRole('switch', { name: 'Created date' }));
    const created = screen.getByTestId('report-created');
    expect(helperTexts(created)).toEqual(['Operator is required']);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(reasonOf(saveButton())).toBe('Operator is required');
    await chooseIn(created, 'Operator', 'Last …');
    await chooseIn(created, 'Unit', 'Days');
    expect(helperTexts(created)).toEqual(['Value is required']);
    const amount = within(created).getByLabelText('Number');
    for (const [typed, text] of [
      ['0', 'Ensure this value is greater than or equal to 1.'],
      ['2.5', 'A valid integer is required.'],
      ['-3', 'Ensure this value is greater than or equal to 1.'],
    ] as const) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      expect(helperTexts(created)).toEqual([text]);
      expect(reasonOf(saveButton())).toBe(text);
    }
    await userEvent.clear(amount);
    await userEvent.type(amount, '3');
    expect(helperTexts(created)).toEqual([]);
    await waitFor(() => expect(saveButton().disabled).toBe(false));

    // Absolute "Between" with no dates: a start is required.
    await userEvent.click(screen.getByRole('switch', { name: 'Last update date' }));
    const seen = screen.getByTestId('report-latest-status-update');
    await userEvent.click(within(seen).getByRole('button', { name: 'Absolute' }));
    await chooseIn(seen, 'Operator', 'Between');
    expect(helperTexts(seen)).toEqual(['Start date is required']);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(reasonOf(saveButton())).toBe('Start date is required');
  });

  it('says at the end date that a range must end after its start', async () => {
    renderForm('/reporting/edit-reporting-form/10');
    await nameInput();
    const seen = screen.getByTestId('report-latest-status-update');
    expect(helperTexts(seen)).toEqual([]);
    await chooseIn(seen, 'Operator', 'Between');
    expect(helperTexts(seen)).toEqual(['End date must be greater than start date']);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(saveButton().disabled).toBe(true);
    expect(reasonOf(saveButton())).toBe('End date must be greater than start date');
    expect(reasonOf(screen.getByTestId('report-form-export'))).toBe('End date must be greater than start date');
  });

  it('shows In ticked for a report saved with no status, which lists the items in', async () => {
    renderForm('/reporting/edit-reporting-form/11');
    await nameInput();
    expect((screen.getByRole('checkbox', { name: 'In' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Out' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Lost' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('report-status-none')).toBeNull();
    // Ticking none is allowed (it is not sent), and the form says what it lists then.
    await userEvent.click(screen.getByRole('checkbox', { name: 'In' }));
    expect(screen.getByTestId('report-status-none').textContent).toBe(
      'None ticked: the report lists the items with status “In”.',
    );
  });

  it('exports what the form shows, unsaved changes included, on the edit and the new form', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    const csv = () => new Response('EPC\nE1\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    const { server, unmount } = renderForm('/reporting/edit-reporting-form/7', { itemReportDraftExport: csv });
    await nameInput();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lost' }));
    await userEvent.click(screen.getByTestId('report-form-export'));
    expect(await screen.findByText('CSV file exported')).toBeTruthy();
    const body = server.callsTo('itemReportDraftExport')[0]?.body as ItemReportCreate;
    expect(body.report_name).toBe('Tools out');
    expect(body.report_json.filters.status).toEqual(['out', 'lost']);
    expect(body.category).toBe(4);
    expect(server.callsTo('itemReportExport')).toHaveLength(0);
    expect(server.callsTo('itemReportUpdate')).toHaveLength(0);
    unmount();

    // A new report exports before it has a name or is saved.
    const fresh = renderForm('/reporting/reporting-form/asset', { itemReportDraftExport: csv });
    await nameInput();
    await userEvent.click(await screen.findByTestId('report-form-export'));
    await waitFor(() => expect(fresh.server.callsTo('itemReportDraftExport')).toHaveLength(1));
    const draft = fresh.server.callsTo('itemReportDraftExport')[0]?.body as ItemReportCreate;
    expect(draft.report_name).toBe('');
    expect(draft.report_json.filters).toEqual({ status: ['in'] });
    expect(fresh.server.callsTo('itemReportCreate')).toHaveLength(0);
  });

  it('offers only the chosen category’s products', async () => {
    const loose: Product = { ...product, id: 2, sku: 'ROPE-1', name: 'Rope', category: null, category__name: null };
    const sub: Product = { ...product, id: 3, sku: 'BIT-1', name: 'Bit', category: 5, category__parent: 4 };
    renderForm('/reporting/reporting-form/asset', { productList: { count: 3, results: [product, loose, sub] } });
    await nameInput();
    const offered = async () => {
      await userEvent.click(screen.getByTestId('report-product-select'));
      const names = (await screen.findAllByTestId('report-product-select-option')).map((o) => o.textContent);
      await userEvent.keyboard('{Escape}');
      return names;
    };
    expect(await offered()).toEqual(['Select All', 'Bit', 'Drill', 'Rope']);
    await chooseCategory('Tools');
    expect(await offered()).toEqual(['Select All', 'Bit', 'Drill']);
    await chooseCategory('Uncategorized');
    expect(await offered()).toEqual(['Select All', 'Rope']);
  });

  it('lists the categories as options by role, the heading among them being none', async () => {
    renderForm('/reporting/reporting-form/asset');
    await nameInput();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    await screen.findByRole('option', { name: 'Tools' });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All categories', 'Uncategorized', 'Tools']);
  });

  it('says why Add ordering is disabled once every column is ordered by', async () => {
    renderForm('/reporting/edit-reporting-form/7');
    await nameInput();
    const add = await screen.findByTestId('add-ordering');
    expect(reasonOf(add)).toBeNull();
    await userEvent.click(add);
    expect((screen.getByTestId('add-ordering') as HTMLButtonElement).disabled).toBe(true);
    expect(reasonOf(screen.getByTestId('add-ordering'))).toBe('A column may be ordered by only once.');
  });
});
