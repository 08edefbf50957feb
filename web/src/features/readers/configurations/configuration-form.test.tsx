import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { antennaMask } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { errorResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { stubServer, type StubHandler, type StubServer } from '../../../test/stub-server';
import { ConfigurationForm, type ConfigurationFormMode } from './configuration-form';
import { APPS, configuration, DOCK_UUID, KINDS, locationTree } from './configuration-test-fixtures';

/** The form's server: reader types, apps and their updates, the subscription, the tree, and the save. */
function stubFormServer(save: StubHandler = () => configuration()) {
  return stubServer({
    readerKindList: { count: KINDS.length, results: KINDS },
    readerKindFetch: { detail: 'New reader app fetching successful.' },
    readerAppList: { count: APPS.length, results: APPS },
    readerAppFetch: { detail: 'New reader app fetching successful.' },
    instanceSubscription: { extension: [], on_premise: false, limits: { leaf_locations: null } },
    locationList: locationTree(),
    configurationCreate: save,
    configurationUpdate: save,
    configurationSensor: save,
  });
}

const TEMPERATURE = { uuid: '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01', name: 'Temperature', unit: 'C', symbol: '°C' };
const HUMIDITY = { uuid: '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02', name: 'Humidity', unit: '%', symbol: '%' };

/** What the form wrote: every request but a GET, as method, path and body. */
const writes = (server: StubServer) =>
  server.calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

function Probe() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderForm(mode: ConfigurationFormMode = { kind: 'add' }, variant: 'fixed' | 'handheld' = 'fixed') {
  return renderWithProviders(
    <Routes>
      <Route path="/form" element={<ConfigurationForm mode={mode} variant={variant} />} />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { path: '/form' },
  );
}

const submit = () => screen.getByTestId('configuration-submit') as HTMLButtonElement;
const type = (testId: string, value: string) => {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

async function chooseReaderType(name: string) {
  fireEvent.mouseDown(within(screen.getByTestId('configuration-reader-type-field')).getByRole('combobox'));
  await userEvent.click(await screen.findByTestId(`reader-type-option-${name}`));
}

async function fillValidFixed() {
  type('configuration-name-input', 'Dock 1 gate');
  await userEvent.click(await screen.findByTestId('antenna-1'));
  await userEvent.click(await screen.findByText('Dock 1'));
}

describe('configuration form', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useClientStore.setState({ access: 'a', refresh: 'r' });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the required messages, keeps Save disabled until valid, and saves the spec defaults', async () => {
    const server = stubFormServer();
    renderForm();
    await screen.findByTestId('antenna-4');
    expect(submit().disabled).toBe(true);
    type('configuration-name-input', ' ');
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await userEvent.click(screen.getByTestId('antenna-2'));
    await userEvent.click(screen.getByTestId('antenna-2'));
    expect(await screen.findByText('At least one antenna must be selected')).toBeTruthy();
    await fillValidFixed();
    await waitFor(() => expect(submit().disabled).toBe(false));
    await userEvent.click(submit());
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    expect(writes(server)[0]).toEqual({
      method: 'POST',
      path: '/configuration/reader-configuration/',
      body: {
        name: 'Dock 1 gate',
        description: '',
        location: DOCK_UUID,
        is_template: false,
        reader_type: 'FR22',
        application: 'BradyReaderApp',
        sensortype_uuid: null,
        conf_data: {
          RssiFilter: '',
          Channel: 'hop',
          data_format: 'trace|goodsin',
          time_2_collect: 30,
          FilterLongTimeSeenTimeout: 60,
          product: 'epc',
          Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: [] }],
        },
      },
    });
    expect(await screen.findByText('Created a new configuration')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/readers/configuration'));
  });

  it('offers the sensor type with the sensor extension only, and saves the chosen type', async () => {
    const server = stubFormServer();
    server.set({
      instanceSubscription: { extension: ['sensor'], on_premise: false, limits: { leaf_locations: null } },
      measurementTypeList: { count: 2, results: [TEMPERATURE, HUMIDITY] },
    });
    renderForm({ kind: 'edit', configuration: configuration({ sensortype_uuid: HUMIDITY.uuid }) });
    const field = await screen.findByTestId('configuration-sensor-type-field');
    expect(within(field).getByRole('combobox').textContent).toBe('Humidity (%)');
    fireEvent.mouseDown(within(field).getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'None',
      'Temperature (°C)',
      'Humidity (%)',
    ]);
    await userEvent.click(screen.getByTestId('sensor-type-option-Temperature'));
    await waitFor(() => expect(submit().disabled).toBe(false));
    await userEvent.click(submit());
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    expect(writes(server)[0]).toMatchObject({ method: 'PUT', body: { sensortype_uuid: TEMPERATURE.uuid } });
  });

  it('hides the sensor type without the sensor extension and keeps the saved one', async () => {
    const server = stubFormServer();
    renderForm({ kind: 'edit', configuration: configuration({ sensortype_uuid: TEMPERATURE.uuid }) });
    await screen.findByTestId('antenna-1');
    expect(screen.queryByTestId('configuration-sensor-type-field')).toBeNull();
    expect(server.callsTo('measurementTypeList')).toHaveLength(0);
    type('configuration-name-input', 'Renamed');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await userEvent.click(submit());
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    expect(writes(server)[0]).toMatchObject({ body: { name: 'Renamed', sensortype_uuid: TEMPERATURE.uuid } });
  });

  it('range and empty messages block; the two warnings do not', async () => {
    stubFormServer();
    renderForm({ kind: 'edit', configuration: configuration() });
    await screen.findByTestId('antenna-1');
    await userEvent.click(screen.getByTestId('configuration-advanced-toggle'));
    type('configuration-tag-timeout', '');
    expect(
      await screen.findByText('This field can not be empty, if you are not sure put the default value.'),
    ).toBeTruthy();
    expect(submit().disabled).toBe(true);
    type('configuration-tag-timeout', '3600.5');
    expect(await screen.findByText('Enter 0 to 3600 seconds, with at most one decimal')).toBeTruthy();
    type('configuration-send-interval', '0');
    expect(await screen.findByText('Enter 1 to 3600 seconds, with at most one decimal')).toBeTruthy();
    type('configuration-rssi', '80:30');
    expect(await screen.findByText(/Value must between 0 to 100 or in the format 30:80/)).toBeTruthy();
    type('configuration-product', '');
    expect(await screen.findByText('SKU is required')).toBeTruthy();

    type('configuration-tag-timeout', '10');
    type('configuration-send-interval', '2.5');
    type('configuration-rssi', '30:80');
    type('configuration-product', 'sku');
    expect(
      await screen.findByText(
        'Warning! A value greater than 0 and lower than 30 seconds might not provide the expected results',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('configuration-send-interval-helper').textContent).toMatch(
      /^Warning! A value lower than 5/,
    );
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('loads the device TxLevel as percent and saves the slider value as TxLevel; a failed update resets the form', async () => {
    const server = stubFormServer(() => errorResponse('ValidationError', { reader_type: ['configurationTypeLocked'] }));
    renderForm({ kind: 'edit', configuration: configuration() });
    const slider = await screen.findByTestId('tx-power-input');
    expect((slider as HTMLInputElement).value).toBe('60');
    slider.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect((slider as HTMLInputElement).value).toBe('20');
    type('configuration-name-input', 'Renamed');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await userEvent.click(submit());
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    const put = writes(server)[0]!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/configuration/reader-configuration/7/');
    expect((put.body as { conf_data: { Rfid: { TxLevel: number }[] } }).conf_data.Rfid[0]!.TxLevel).toBe(7);
    expect(
      await screen.findByText(
        /Configuration update failed\. The reader type of a configuration assigned to readers cannot be changed\./,
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByTestId('configuration-name-input') as HTMLInputElement).value).toBe('Dock gate'),
    );
  });

  it('a new reader type clears the antennas; a bfa type shows the beam picker, whose beams make the mask', async () => {
    const server = stubFormServer();
    renderForm({ kind: 'edit', configuration: configuration() });
    expect(((await screen.findByTestId('antenna-1')) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('1 Internal')).toBeTruthy();
    expect(screen.getByText('4 AUX3')).toBeTruthy();
    await chooseReaderType('IRX200');
    await waitFor(() => expect(screen.queryByTestId('antenna-3')).toBeNull());
    expect((screen.getByTestId('antenna-1') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Antenna 2')).toBeTruthy();

    await chooseReaderType('Sampo S3');
    const picker = await screen.findByTestId('beam-picker');
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(28);
    await userEvent.click(screen.getByTestId('beam-5'));
    screen.getByTestId('beam-17').focus();
    await userEvent.keyboard(' ');
    await userEvent.click(screen.getByTestId('beam-32'));
    expect(screen.getByTestId('beam-17').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('beam-6').getAttribute('aria-checked')).toBe('false');
    // Sampo S3 transmits at most 80 %: the saved configuration's 60 % stays.
    await waitFor(() => expect(submit().disabled).toBe(false));
    await userEvent.click(submit());
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    const body = writes(server)[0]!.body as { reader_type: string; conf_data: { Rfid: { AntennaMask: number }[] } };
    expect(body.reader_type).toBe('Sampo S3');
    expect(body.conf_data.Rfid[0]!.AntennaMask).toBe(antennaMask([5, 17, 32]));
  });

  it('a template hides the location and saves without one; editing a template asks first', async () => {
    const server = stubFormServer();
    renderForm({ kind: 'edit', configuration: configuration({ is_template: true, location: null }) });
    await screen.findByTestId('antenna-1');
    expect(screen.queryByTestId('configuration-location')).toBeNull();
    await userEvent.click(screen.getByTestId('configuration-template'));
    expect(await screen.findByTestId('configuration-location')).toBeTruthy();
    await userEvent.click(screen.getByTestId('configuration-template'));
    await waitFor(() => expect(screen.queryByTestId('configuration-location')).toBeNull());
    await waitFor(() => expect(submit().disabled).toBe(false));
    await userEvent.click(submit());
    expect(await screen.findByTestId('configuration-template-dialog')).toBeTruthy();
    expect(writes(server)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('configuration-template-dialog-confirm'));
    await waitFor(() => expect(writes(server)).toHaveLength(1));
    expect(writes(server)[0]!.body).toMatchObject({ is_template: true, location: null });
    expect(await screen.findByText('Configuration updated')).toBeTruthy();
  });

  it('cancelling a dirty form asks to leave; the handheld form fixes type and app', async () => {
    stubFormServer();
    renderForm({ kind: 'add' }, 'handheld');
    await screen.findByTestId('antenna-1');
    await waitFor(() => expect(screen.queryByTestId('antenna-2')).toBeNull());
    expect((screen.getByTestId('configuration-reader-type') as HTMLInputElement).value).toBe('Handheld');
    expect((screen.getByTestId('configuration-application') as HTMLInputElement).value).toBe('Tagtrack App');
    expect(screen.queryByTestId('configuration-fetch-apps')).toBeNull();
    type('configuration-name-input', 'Scanner');
    await userEvent.click(screen.getByTestId('configuration-cancel'));
    expect(await screen.findByTestId('configuration-leave-dialog')).toBeTruthy();
    await userEvent.click(screen.getByTestId('configuration-leave-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/readers/configuration'));
  });

  it('the app list shows BradyReaderApp as Fixed Reader - Common, hides the handheld app, and fetches updates', async () => {
    stubFormServer();
    renderForm();
    await screen.findByTestId('antenna-1');
    fireEvent.mouseDown(within(screen.getByTestId('configuration-application-field')).getByRole('combobox'));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Fixed Reader - Common',
        'GateReaderApp',
        'InventoryReaderApp',
      ]),
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('configuration-fetch-apps'));
    expect(await screen.findByText('New reader app fetching successful.')).toBeTruthy();
  });
});
