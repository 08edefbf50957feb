import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { ObservationRuleInput, Role } from '@tagtrack/contract';
import i18next from 'i18next';
import deSensors from '../../../../public/locales/de/sensors.json';
import { useClientStore } from '../../../lib/client-store';
import { changeLanguage } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../test/current-user';
import { errorBody, jsonResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { stubServer, type StubHandlers } from '../../../test/stub-server';
import { HUMIDITY, RECIPIENTS, TEMPERATURE, WhereAmI, eventRule, sensorProduct } from '../test/event-fixtures';
import { EventFormPage } from './event-form-page';

const saved = eventRule(1, 'Freezer watch', {
  cooldown: 60,
  conditions: [
    { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: -20.5 } },
    { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } },
  ],
  actions: [
    { name: 'Mail', action_type: 'email', payload: { recipients: ['olivia@example.com', 'cold@example.org'] } },
  ],
  products: [4],
});

function renderForm(path: string, roles: Role[] = ['administrator'], more: StubHandlers = {}) {
  const server = stubServer({
    me: buildCurrentUser(roles),
    measurementTypeList: { count: 2, results: [TEMPERATURE, HUMIDITY] },
    observationRecipientList: { count: RECIPIENTS.length, results: RECIPIENTS },
    productList: { count: 2, results: [sensorProduct(4, 'Vaccine'), sensorProduct(5, 'Insulin')] },
    observationRuleGet: ({ params }) => (params.id === saved.id ? saved : undefined),
    observationRuleCreate: ({ body }) =>
      jsonResponse({ ...eventRule(2, ''), ...(body as ObservationRuleInput), id: eventRule(2, '').id }, 201),
    observationRuleUpdate: ({ body }) => ({ ...saved, ...(body as ObservationRuleInput) }),
    ...more,
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/event-center/event-form" element={<EventFormPage />} />
      <Route path="/event-center/event-form/:id" element={<EventFormPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { path },
  );
  return { server, ...rendered };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const save = () => screen.getByTestId('event-form-save') as HTMLButtonElement;

/** Picks an option of an Autocomplete by its visible name. */
async function pick(testId: string, name: string | RegExp, within_: HTMLElement = document.body) {
  await userEvent.click(within(within_).getByTestId(testId));
  await userEvent.click(await screen.findByRole('option', { name }));
  await userEvent.keyboard('{Escape}');
}

describe('EventFormPage', { timeout: 30_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('creates an event on the first measurement type with the spec’s defaults, and returns to the list', async () => {
    const { server } = renderForm('/event-center/event-form');
    await screen.findByTestId('event-form');
    expect(screen.getByRole('heading', { level: 1, name: 'New Event' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/event-center/events');
    expect(input('event-measurement-type').value).toBe(TEMPERATURE.uuid);
    expect(input('event-cooldown').value).toBe('5');
    expect(input('event-time-to-alert').value).toBe('0');
    expect(input('event-high-limit').step).toBe('0.01');

    await userEvent.type(input('event-name-input'), 'Vaccine too warm');
    await userEvent.type(input('event-high-limit'), '8.5');
    await pick('event-products', 'Vaccine');
    await userEvent.click(screen.getByTestId('event-action-add'));
    const action = screen.getByTestId('event-action');
    expect(input('event-action-type').value).toBe('email');
    await pick('event-action-recipients', /^olivia/, action);
    await userEvent.type(within(action).getByTestId('event-action-custom'), 'cold@example.org{Enter}');
    // One notification method per type, two at most.
    await userEvent.click(screen.getByTestId('event-action-add'));
    expect(screen.getAllByTestId('event-action').map((a) => a.getAttribute('data-type'))).toEqual(['email', 'sms']);
    expect((screen.getByTestId('event-action-add') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getAllByTestId('event-action-remove')[1]!);

    await userEvent.click(save());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/event-center/events'));
    expect(server.callsTo('observationRuleCreate')[0]?.body).toEqual({
      name: 'Vaccine too warm',
      measurement_type: TEMPERATURE.uuid,
      cooldown: 5,
      active_time_threshold: 0,
      conditions: [{ name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8.5 } }],
      actions: [
        {
          name: 'email',
          action_type: 'email',
          payload: { recipients: ['olivia@example.com', 'cold@example.org'] },
        },
      ],
      products: [4],
    });
    expect(server.callsTo('productList')[0]?.query.get('metadata')).toBe('sensor_product=true');
    expect(await screen.findByText('Event created')).toBeTruthy();
  });

  it('asks for whole seconds, 0 or more, as cooldown and time to alert', async () => {
    const { server } = renderForm('/event-center/event-form');
    await screen.findByTestId('event-form');
    await userEvent.clear(input('event-cooldown'));
    await userEvent.type(input('event-cooldown'), '-5');
    await userEvent.clear(input('event-time-to-alert'));
    await userEvent.type(input('event-time-to-alert'), '1.5');
    await userEvent.click(save());
    await waitFor(() => expect(screen.getAllByText('Enter a whole number of seconds, 0 or more.')).toHaveLength(2));
    expect(screen.queryByText('Enter a valid value.')).toBeNull();
    expect(server.callsTo('observationRuleCreate')).toEqual([]);
  });

  it('names the measurement types in the reader’s language', async () => {
    i18next.addResourceBundle('de', 'sensors', deSensors);
    await changeLanguage('de');
    renderForm('/event-center/event-form');
    await screen.findByTestId('event-form');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /measurement/i }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Temperatur (°C)', 'Luftfeuchtigkeit (%)']);
  });

  it('says what is missing or wrong before sending anything', async () => {
    const { server } = renderForm('/event-center/event-form');
    await screen.findByTestId('event-form');
    await userEvent.click(screen.getByTestId('event-action-add'));
    await userEvent.type(screen.getByTestId('event-action-custom'), 'nobody{Enter}');
    await userEvent.type(input('event-low-limit'), '2.345');
    await userEvent.click(save());
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('The value must have at most 2 decimal places')).toBeTruthy();
    expect(screen.getByText('At least one product must be selected')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    // Low below high, checked with the other messages.
    await userEvent.clear(input('event-low-limit'));
    await userEvent.type(input('event-low-limit'), '9');
    await userEvent.type(input('event-high-limit'), '8');
    await userEvent.click(save());
    expect(await screen.findByText('The low limit must be less than the high limit.')).toBeTruthy();
    await userEvent.clear(input('event-low-limit'));
    await userEvent.clear(input('event-high-limit'));
    await userEvent.click(save());
    expect(await screen.findByText('Enter at least one limit.')).toBeTruthy();
    // An action needs a recipient.
    await userEvent.click(within(screen.getByTestId('event-action')).getByRole('button', { name: /nobody/ }));
    fireEvent.keyDown(screen.getByTestId('event-action-custom'), { key: 'Backspace' });
    await userEvent.click(save());
    expect(await screen.findByText('At least one recipient must be selected')).toBeTruthy();
    // A custom address is a recipient too: the message goes as it is typed in.
    await userEvent.type(screen.getByTestId('event-action-custom'), 'cold@example.org{Enter}');
    await waitFor(() => expect(screen.queryByText('At least one recipient must be selected')).toBeNull());
    expect(server.callsTo('observationRuleCreate')).toHaveLength(0);
  });

  it('edits an event: its limits, products and recipients as saved, replaced with PUT', async () => {
    const { server } = renderForm(`/event-center/event-form/${saved.id}`, ['operator']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event: Freezer watch' })).toBeTruthy();
    expect(input('event-low-limit').value).toBe('-20.5');
    expect(input('event-high-limit').value).toBe('8');
    expect(input('event-cooldown').value).toBe('60');
    const action = screen.getByTestId('event-action');
    expect(within(action).getByRole('button', { name: 'olivia' })).toBeTruthy();
    expect(within(action).getByTestId('event-action-custom-chip').textContent).toBe('cold@example.org');
    await waitFor(() => expect(within(screen.getByTestId('event-products-section')).getByText('Vaccine')).toBeTruthy());

    await userEvent.clear(input('event-cooldown'));
    await userEvent.type(input('event-cooldown'), '120');
    await userEvent.click(save());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/event-center/events'));
    const [call] = server.callsTo('observationRuleUpdate');
    expect(call?.params.id).toBe(saved.id);
    const { id: _id, created: _created, modified: _modified, ...input_ } = saved;
    expect(call?.body).toEqual({ ...input_, cooldown: 120 });
    expect(await screen.findByText('Event updated')).toBeTruthy();
  });

  it('shows the first of the server’s messages, and puts each on its field', async () => {
    renderForm('/event-center/event-form', ['application'], {
      observationRuleCreate: () =>
        jsonResponse(
          {
            ...errorBody('ValidationError', { name: ['requiredName'], products: ['productRequired'] }),
            detail: 'name: Name is required;products: At least one product must be selected',
          },
          400,
        ),
    });
    await screen.findByTestId('event-form');
    await userEvent.type(input('event-name-input'), 'Cold');
    await userEvent.type(input('event-low-limit'), '2');
    await pick('event-products', 'Insulin');
    await userEvent.click(save());
    expect(
      await screen.findByText(
        /^Failed to create event\. name: Name is required \(Click report to see list of errors\)/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('At least one product must be selected')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes, and leaves at once without', async () => {
    renderForm('/event-center/event-form');
    await screen.findByTestId('event-form');
    await userEvent.type(input('event-name-input'), 'Half done');
    await userEvent.click(screen.getByTestId('event-form-cancel'));
    expect(await screen.findByTestId('unsaved-changes-dialog')).toBeTruthy();
    await userEvent.click(screen.getByTestId('unsaved-changes-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/event-center/events'));
  });

  it('lets an operator open New Event but not save it', async () => {
    renderForm('/event-center/event-form', ['operator']);
    await screen.findByTestId('event-form');
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(screen.getByTestId('event-form-refused')).toBeTruthy();
  });

  it('says when the event does not exist', async () => {
    renderForm('/event-center/event-form/0b7c1f7e-1d5a-4a57-9a1f-0e3b6c2d9a99');
    expect(await screen.findByTestId('event-not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Event not found' })).toBeTruthy();
  });
});
