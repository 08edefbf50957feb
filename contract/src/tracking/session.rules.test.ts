import { describe, expect, it } from 'vitest';
import {
  INVENTORY_SESSION_ACTIONS,
  INVENTORY_SESSION_STATUSES,
  InventorySessionCreateSchema,
  InventorySessionListQuerySchema,
  acceptsSessionReads,
  allowedSessionActions,
  nextSessionStatus,
} from './session.schemas.js';

describe('inventory session state machine', () => {
  it('follows pending → triage → confirmed, with resume and abandon', () => {
    expect(nextSessionStatus('pending', 'triage')).toBe('triage');
    expect(nextSessionStatus('triage', 'confirm')).toBe('confirmed');
    expect(nextSessionStatus('triage', 'reopen')).toBe('reopen');
    expect(nextSessionStatus('reopen', 'triage')).toBe('triage');
    expect(nextSessionStatus('pending', 'abandon')).toBe('abandoned');
    expect(nextSessionStatus('triage', 'abandon')).toBe('abandoned');
    expect(nextSessionStatus('reopen', 'abandon')).toBe('abandoned');
  });

  it('refuses illegal transitions', () => {
    expect(nextSessionStatus('pending', 'confirm')).toBeNull();
    expect(nextSessionStatus('pending', 'reopen')).toBeNull();
    expect(nextSessionStatus('reopen', 'confirm')).toBeNull();
    expect(nextSessionStatus('triage', 'triage')).toBeNull();
  });

  it('makes confirmed and abandoned final', () => {
    for (const status of ['confirmed', 'abandoned'] as const) {
      for (const action of INVENTORY_SESSION_ACTIONS) expect(nextSessionStatus(status, action)).toBeNull();
      expect(allowedSessionActions(status)).toEqual([]);
    }
  });

  it('lists the actions of each status and which statuses count reads', () => {
    expect(allowedSessionActions('pending')).toEqual(['triage', 'abandon']);
    expect(allowedSessionActions('triage')).toEqual(['confirm', 'reopen', 'abandon']);
    expect(allowedSessionActions('reopen')).toEqual(['triage', 'abandon']);
    expect(INVENTORY_SESSION_STATUSES.filter(acceptsSessionReads)).toEqual(['pending', 'reopen']);
  });
});

describe('inventory session schemas', () => {
  it('needs at least one location and drops repeats', () => {
    expect(InventorySessionCreateSchema.safeParse({ locations: [] }).success).toBe(false);
    const uuid = '0b6f2c1e-6a1f-4b59-9d0c-0a8f7c1e2d3f';
    expect(InventorySessionCreateSchema.parse({ locations: [uuid, uuid.toUpperCase()] }).locations).toEqual([uuid]);
  });

  it('reads a comma-separated status filter and refuses unknown statuses', () => {
    expect(InventorySessionListQuerySchema.parse({ status: 'pending,triage' }).status).toEqual(['pending', 'triage']);
    expect(InventorySessionListQuerySchema.parse({}).status).toEqual([]);
    expect(InventorySessionListQuerySchema.safeParse({ status: 'pending,closed' }).success).toBe(false);
  });
});
