import { describe, expect, it } from 'vitest';
import { planReads, type ItemState, type PlacedRead } from './read-plan.js';

const DOOR = '00000000-0000-4000-8000-00000000000a';
const DOCK = '00000000-0000-4000-8000-00000000000b';
const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 0, 1, 8, minute, second));

const read = (code: string, location: string, time: Date): PlacedRead => ({
  code,
  location,
  time,
  ledgerType: 'trace',
  configurationId: 7,
});
const item = (code: string, state: Partial<ItemState> = {}): ItemState => ({
  id: Number.parseInt(code, 16),
  code,
  locationUuid: DOOR,
  status: 'in',
  latestStatusUpdate: at(0),
  lastSeenAt: at(0),
  ...state,
});
const plan = (reads: PlacedRead[], states: ItemState[]) =>
  planReads(new Map(reads.map((r) => [r.code, r])), states, 60);

describe('planReads', () => {
  it('moves an item read elsewhere, from where it was', () => {
    const result = plan([read('A1', DOCK, at(5))], [item('A1')]);
    expect(result.moves).toEqual([{ ...read('A1', DOCK, at(5)), itemId: 0xa1, previousLocation: DOOR }]);
    expect(result.sightings).toEqual([]);
  });

  it('brings back in an item that is out or lost where it is read', () => {
    const result = plan(
      [read('B1', DOOR, at(5)), read('B2', DOOR, at(5))],
      [item('B1', { status: 'out' }), item('B2', { status: 'lost' })],
    );
    expect(result.moves.map((m) => [m.itemId, m.previousLocation])).toEqual([
      [0xb1, DOOR],
      [0xb2, DOOR],
    ]);
  });

  it('writes nothing for a repeat sighting within the grain, and bumps last seen once it lags', () => {
    const within = plan([read('C1', DOOR, at(0, 59))], [item('C1')]);
    expect(within).toEqual({ moves: [], sightings: [] });
    const lagging = plan([read('C1', DOOR, at(1, 1))], [item('C1')]);
    expect(lagging).toEqual({ moves: [], sightings: [{ itemId: 0xc1, time: at(1, 1) }] });
    const never = plan([read('C1', DOOR, at(0, 1))], [item('C1', { lastSeenAt: null })]);
    expect(never.sightings).toHaveLength(1);
  });

  it('never moves an item back for a read older than its latest status update or its last sighting', () => {
    const olderThanMove = plan(
      [read('D1', DOCK, at(4))],
      [item('D1', { latestStatusUpdate: at(10), lastSeenAt: null })],
    );
    expect(olderThanMove).toEqual({ moves: [], sightings: [] });
    // Seen at the door at 8:20 (a repeat that moved nothing): a dock read of 8:15 arriving late is history.
    const olderThanSighting = plan([read('D2', DOCK, at(15))], [item('D2', { lastSeenAt: at(20) })]);
    expect(olderThanSighting).toEqual({ moves: [], sightings: [] });
  });

  it('plans only the items it was given a read for', () => {
    expect(plan([read('E1', DOCK, at(5))], [item('E2')])).toEqual({ moves: [], sightings: [] });
  });
});
