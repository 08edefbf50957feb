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

  it('keeps the order of reads to within the grain: an older read elsewhere applied late moves the item only when it lies within the grain before a sighting that was not written, and the next read puts it back', () => {
    // Recorded at the door at 8:00. Two batches overtake each other: the door sees it again at 8:00:50
    // (a repeat within the grain, not written), then a dock read of 8:00:40 arrives.
    const doorAgain = plan([read('F1', DOOR, at(0, 50))], [item('F1')]);
    expect(doorAgain).toEqual({ moves: [], sightings: [] });
    const lateDock = plan([read('F1', DOCK, at(0, 40))], [item('F1')]);
    expect(lateDock.moves).toEqual([{ ...read('F1', DOCK, at(0, 40)), itemId: 0xf1, previousLocation: DOOR }]);
    // The door's next read is newer than that move, so it moves the item back.
    const next = plan(
      [read('F1', DOOR, at(0, 55))],
      [item('F1', { locationUuid: DOCK, latestStatusUpdate: at(0, 40), lastSeenAt: at(0, 40) })],
    );
    expect(next.moves.map((m) => m.location)).toEqual([DOOR]);
    // Beyond the grain the sighting is written, so the same late dock read is history.
    const doorLater = plan([read('F2', DOOR, at(1, 30))], [item('F2')]);
    expect(doorLater.sightings).toEqual([{ itemId: 0xf2, time: at(1, 30) }]);
    expect(plan([read('F2', DOCK, at(1, 20))], [item('F2', { lastSeenAt: at(1, 30) })])).toEqual({
      moves: [],
      sightings: [],
    });
  });

  it('plans only the items it was given a read for', () => {
    expect(plan([read('E1', DOCK, at(5))], [item('E2')])).toEqual({ moves: [], sightings: [] });
  });
});
