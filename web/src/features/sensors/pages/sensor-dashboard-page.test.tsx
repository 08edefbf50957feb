import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Measurement, MeasurementSeries, MeasurementType, Product, SensorLatest } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { buildCurrentUser } from '../../../test/current-user';
import { loc } from '../../../test/location-fixtures';
import { errorResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { stubServer, type StubHandlers } from '../../../test/stub-server';
import { SensorDashboardPage } from './sensor-dashboard-page';

const TEMPERATURE: MeasurementType = {
  uuid: '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01',
  name: 'Temperature',
  unit: 'C',
  symbol: '°C',
};
const HUMIDITY: MeasurementType = {
  uuid: '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02',
  name: 'Humidity',
  unit: '%',
  symbol: '%',
};
const freezer = loc('Freezer');
const site = loc('Site', {}, [freezer]);
const EPC_A = '0000000000000000000000A1';
const EPC_B = '0000000000000000000000B2';

function sensor(overrides: Partial<SensorLatest>): SensorLatest {
  return {
    sensor: EPC_A,
    item: 1,
    product: 10,
    product_name: 'Vaccine',
    location: site.children[0]!.uuid,
    location_name: 'Freezer',
    measurement_type: TEMPERATURE.uuid,
    unit: 'C',
    symbol: '°C',
    value: 4.25,
    time: '2026-11-20T08:00:00.000Z',
    limits: { low: 2, high: 8 },
    status: 'ok',
    ...overrides,
  };
}
const sensors = [
  sensor({}),
  sensor({ sensor: EPC_B, item: 2, value: 9.5, status: 'alert' }),
  sensor({
    sensor: EPC_A,
    measurement_type: HUMIDITY.uuid,
    unit: '%',
    symbol: '%',
    value: 55,
    limits: { low: null, high: null },
    status: 'unwatched',
  }),
];
const product = { id: 10, sku: '200', name: 'Vaccine', product_code: null } as Product;

function series(range: MeasurementSeries['range']): MeasurementSeries {
  return {
    sensor: EPC_A,
    measurement_type: TEMPERATURE.uuid,
    unit: 'C',
    symbol: '°C',
    range,
    from: '2026-11-19T08:00:00.000Z',
    to: '2026-11-20T08:00:00.000Z',
    limits: { low: 2, high: 8 },
    points: [
      { time: '2026-11-20T07:00:00.000Z', value: 4, low: 3.5, high: 4.5 },
      { time: '2026-11-20T07:01:00.000Z', value: 5, low: 5, high: 5 },
      { time: '2026-11-20T07:02:00.000Z', value: 4.25, low: 4, high: 4.5 },
    ],
  };
}
const measurement = (sensorEpc: string, value: number): Measurement => ({
  uuid: crypto.randomUUID(),
  sensor: sensorEpc,
  item: 1,
  product: 10,
  product_name: 'Vaccine',
  location: freezer.uuid,
  location_name: 'Freezer',
  measurement_type: TEMPERATURE.uuid,
  unit: 'C',
  symbol: '°C',
  value,
  time: '2026-11-20T07:59:00.000Z',
});

function renderDashboard(more: StubHandlers = {}, path = '/sensor-dashboard/') {
  const server = stubServer({
    me: buildCurrentUser(['viewer']),
    instanceSubscription: { extension: ['sensor'], on_premise: false, limits: { leaf_locations: null } },
    sensorList: ({ query }) => {
      const rows = sensors.filter(
        (row) => !query.get('measurement_type') || row.measurement_type === query.get('measurement_type'),
      );
      return { count: rows.length, results: rows };
    },
    measurementSeries: ({ query }) => series(query.get('range') as MeasurementSeries['range']),
    measurementList: ({ query }) => ({
      count: 2,
      results: [measurement(query.get('sensor') ?? EPC_A, 4.25), measurement(query.get('sensor') ?? EPC_B, 9.5)],
    }),
    measurementTypeList: { count: 2, results: [TEMPERATURE, HUMIDITY] },
    productList: { count: 1, results: [product] },
    locationList: [site],
    ...more,
  });
  renderWithProviders(
    <Routes>
      <Route path="/sensor-dashboard/" element={<SensorDashboardPage />} />
    </Routes>,
    { path },
  );
  return server;
}

describe('/sensor-dashboard/', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each sensor’s latest value with its unit, status, limits, place and time', async () => {
    const server = renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sensor Data' })).toBeTruthy();
    const tiles = await screen.findAllByTestId('sensor-tile');
    expect(tiles).toHaveLength(3);
    const text = (tile: HTMLElement, id: string) => within(tile).getByTestId(id).textContent;
    expect(tiles.map((tile) => text(tile, 'sensor-tile-value'))).toEqual(['4.25 °C', '9.50 °C', '55.00 %']);
    expect(tiles.map((tile) => text(tile, 'sensor-status'))).toEqual([
      'Within limits',
      'Outside limits',
      'Not monitored',
    ]);
    expect(text(tiles[0]!, 'sensor-tile-limits')).toBe('Limits: 2.00 – 8.00 °C');
    expect(text(tiles[2]!, 'sensor-tile-limits')).toBe('No limits set');
    expect(text(tiles[0]!, 'sensor-tile-location')).toBe('Freezer');
    expect(text(tiles[0]!, 'sensor-tile-time')).toBe(formatTimestamp('2026-11-20T08:00:00.000Z'));
    expect(within(tiles[2]!).getByText('Humidity')).toBeTruthy();
    expect(Object.fromEntries(server.callsTo('sensorList')[0]!.query)).toEqual({
      page: '1',
      page_size: '12',
      ordering: 'product_name',
    });
    // The measurements below: newest first, of every sensor.
    const rows = await screen.findAllByTestId('measurement-row');
    expect(rows.map((row) => within(row).getByTestId('measurement-value').textContent)).toEqual(['4.25 °C', '9.50 °C']);
    expect(Object.fromEntries(server.callsTo('measurementList')[0]!.query)).toEqual({
      page: '1',
      page_size: '20',
      ordering: '-time',
    });
  });

  it('filters by measurement type and sorts from the menus', async () => {
    const server = renderDashboard();
    await screen.findAllByTestId('sensor-tile');
    await userEvent.click(screen.getByRole('combobox', { name: 'Measurement type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Humidity' }));
    await waitFor(() => expect(screen.getAllByTestId('sensor-tile')).toHaveLength(1));
    expect(server.callsTo('sensorList').at(-1)!.query.get('measurement_type')).toBe(HUMIDITY.uuid);

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Highest value' }));
    await waitFor(() => expect(server.callsTo('sensorList').at(-1)!.query.get('ordering')).toBe('-value'));
  });

  it('opens a sensor’s chart for 24 h, switches to 1 h and 7 d, and lists only its measurements', async () => {
    const server = renderDashboard();
    const [first] = await screen.findAllByTestId('sensor-tile');
    await userEvent.click(within(first!).getByRole('button'));
    const chart = await screen.findByTestId('sensor-chart');
    expect(chart.getAttribute('data-range')).toBe('24h');
    await waitFor(() => expect(server.callsTo('measurementSeries')).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo('measurementSeries')[0]!.query)).toEqual({
      sensor: EPC_A,
      measurement_type: TEMPERATURE.uuid,
      range: '24h',
    });
    expect(await within(chart).findByTestId('sensor-chart-plot')).toBeTruthy();
    expect(within(chart).getByTestId('sensor-chart-lowest').textContent).toBe('3.50 °C');
    expect(within(chart).getByTestId('sensor-chart-highest').textContent).toBe('5.00 °C');
    expect(within(chart).getByTestId('sensor-chart-limits').textContent).toBe('2.00 – 8.00 °C');
    expect(first!.getAttribute('data-selected')).toBe('true');

    await userEvent.click(within(chart).getByTestId('sensor-range-1h'));
    await waitFor(() => expect(server.callsTo('measurementSeries').at(-1)!.query.get('range')).toBe('1h'));
    await userEvent.click(within(chart).getByTestId('sensor-range-7d'));
    await waitFor(() => expect(server.callsTo('measurementSeries').at(-1)!.query.get('range')).toBe('7d'));

    await waitFor(() => expect(server.callsTo('measurementList').at(-1)!.query.get('sensor')).toBe(EPC_A));
    expect(screen.getByTestId('measurements-sensor-filter').textContent).toBe(`Only sensor ${EPC_A}`);

    await userEvent.click(within(chart).getByTestId('sensor-chart-close'));
    await waitFor(() => expect(screen.queryByTestId('sensor-chart')).toBeNull());
    await waitFor(() => expect(server.callsTo('measurementList').at(-1)!.query.get('sensor')).toBeNull());
  });

  it('opens the chart a link names, and says when the sensor sent nothing in the period', async () => {
    renderDashboard(
      { measurementSeries: () => ({ ...series('1h'), points: [] }) },
      `/sensor-dashboard/?sensor=${EPC_B}&type=${TEMPERATURE.uuid}&range=1h`,
    );
    const chart = await screen.findByTestId('sensor-chart');
    expect(chart.getAttribute('data-range')).toBe('1h');
    expect(await within(chart).findByText('No data available')).toBeTruthy();
    expect(within(chart).getByTestId('sensor-chart-epc').textContent).toBe(EPC_B);
  });

  it('says there are no sensors yet', async () => {
    renderDashboard({ sensorList: { count: 0, results: [] }, measurementList: { count: 0, results: [] } });
    expect(await screen.findByText('No sensor data yet')).toBeTruthy();
    expect(await screen.findByText('No measurements yet')).toBeTruthy();
  });

  it('says when the sensors cannot be loaded, and asks again on Retry', async () => {
    const server = renderDashboard({ sensorList: () => errorResponse('APIException', 'A server error occurred.') });
    expect(await screen.findByText('Failed to load the sensors.')).toBeTruthy();
    server.set({ sensorList: { count: 1, results: [sensors[0]] } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('sensor-tile')).toHaveLength(1);
  });

  it('asks again at the sensor polling interval, 5 s unless the user chose otherwise', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = renderDashboard();
      await screen.findAllByTestId('sensor-tile');
      const before = server.callsTo('sensorList').length;
      await vi.advanceTimersByTimeAsync(5_500);
      await waitFor(() => expect(server.callsTo('sensorList').length).toBeGreaterThan(before));
      expect((screen.getByTestId('sensor-polling') as HTMLInputElement).value).toBe('5000');
    } finally {
      vi.useRealTimers();
    }
  });
});
