import { and, eq, sql } from 'drizzle-orm';
import { encodeEpc } from '@tagtrack/contract';
import {
  items,
  locations,
  observationRuleProducts,
  observationRules,
  observations,
  products,
  readerConfigurations,
} from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { insertMeasurements, type NewMeasurement } from '../../modules/sensors/measurements.repository.js';
import { judgeMeasurements } from '../../modules/sensors/observations.service.js';
import { TEMPERATURE_TYPE } from '../simulator/index.js';

/** The demo's sensor product: temperature-logging tags on vaccine boxes in the Cold Store. */
export const DEMO_SENSOR_SKU = '7001';
export const DEMO_SENSOR_COUNT = 8;
/** The demo's past day of temperatures: one value a sensor every 5 minutes. */
const HISTORY_STEP_MS = 5 * 60_000;

/** The demo sensors' EPCs (NID32, SKU 7001, serials 1…8). */
export function demoSensorEpcs(): string[] {
  return Array.from({ length: DEMO_SENSOR_COUNT }, (_, i) => encodeEpc('NID32', DEMO_SENSOR_SKU, BigInt(i + 1)));
}

/**
 * Sensor demo data (docs/sensors.md): a sensor product with eight tagged boxes in the Cold Store,
 * the Cold Store gate's configuration reading temperatures, the event "Cold Store 2–8 °C" that
 * mails the operator, and the past day of temperatures (two excursions among them, judged by the
 * rule like live ones, so Latest Active Events and the dashboard's charts have a history).
 */
export async function seedDemoSensors(tenant: TenantScope, now = new Date()): Promise<void> {
  const [coldStore] = await tenant.select(locations, eq(locations.name, 'Cold Store'));
  if (!coldStore) throw new Error('demo location Cold Store is missing');
  const locationUuid = coldStore.uuid as string;
  await tenant.update(
    readerConfigurations,
    { sensortypeUuid: TEMPERATURE_TYPE },
    and(eq(readerConfigurations.name, 'Cold Store gate'), eq(readerConfigurations.isTemplate, false))!,
  );
  const [product] = await tenant
    .insert(products, {
      sku: DEMO_SENSOR_SKU,
      name: 'Vaccine box (temperature tag)',
      productCode: 'PC-COLD-01',
      metadata: { description: 'Vaccine boxes with temperature-logging RFID tags.', sensor_product: 'true' },
      attributes: [],
    })
    .returning({ id: products.id });
  const productId = product!.id;
  const sensorRows = await tenant
    .insertMany(
      items,
      demoSensorEpcs().map((code, i) => ({
        code,
        productId,
        name: `Vaccine box ${i + 1}`,
        status: 'in' as const,
        locationUuid,
        latestStatusUpdate: new Date(now.getTime() - 86_400_000),
      })),
    )
    .returning({ id: items.id, code: items.code });

  const [rule] = await tenant
    .insert(observationRules, {
      name: 'Cold Store 2–8 °C',
      typeUuid: TEMPERATURE_TYPE,
      cooldown: 300,
      activeTimeThreshold: 30,
      lowLimit: 2,
      highLimit: 8,
      actions: [{ name: 'Cold chain', action_type: 'email', payload: { recipients: ['operator@demo.tagtrack.io'] } }],
    })
    .returning({ id: observationRules.id });
  await tenant.insert(observationRuleProducts, { ruleId: rule!.id, productId });

  // A day of temperatures: a slow drift around 4.5 °C; box 3 warms up for 20 minutes in the
  // afternoon and box 6 gets too cold for 15 minutes in the night.
  const start = now.getTime() - 24 * 3600_000;
  const rows: (NewMeasurement & { sensor: string })[] = [];
  for (const [i, sensor] of sensorRows.entries()) {
    for (let t = start; t < now.getTime() - 60_000; t += HISTORY_STEP_MS) {
      const hours = (t - start) / 3600_000;
      let value = 4.5 + Math.sin(hours / 3 + i) * 1.2 + Math.sin(hours * 2.1 + i * 7) * 0.3;
      if (i === 2 && hours >= 14 && hours < 14.34) value += 6.5;
      if (i === 5 && hours >= 3 && hours < 3.26) value -= 4.5;
      rows.push({
        sensor: sensor.code,
        time: new Date(t),
        itemId: sensor.id,
        productId,
        locationUuid,
        typeUuid: TEMPERATURE_TYPE,
        value: Math.round(value * 100) / 100,
        readerId: null,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await insertMeasurements(
      tenant,
      rows.slice(i, i + 500).map(({ sensor: _epc, ...row }) => row),
    );
  }
  // Judged in time order, as readers would have sent them; the past alerts send no mail.
  const ordered = [...rows].sort((a, b) => a.time.getTime() - b.time.getTime());
  for (let i = 0; i < ordered.length; i += 500) await judgeMeasurements(tenant, ordered.slice(i, i + 500));
  // Each past alert at the time its value was measured, as it would have been recorded live.
  await tenant.db
    .update(observations)
    .set({ observationTime: sql`${observations.measuredAt}` })
    .where(tenant.where(observations));
}

/** The demo reader at the Cold Store, which reports the demo sensors' temperatures. */
export const DEMO_SENSOR_READER_SERIAL = 'S3-20001';
