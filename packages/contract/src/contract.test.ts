import { describe, expect, it } from 'vitest';
import {
  IntegrationCode,
  isPermission,
  MODULE_CODES,
  operations,
  pathParamNames,
  successResponse,
  type Operation,
} from './index.js';

const table = Object.values(operations) as Operation[];

describe('operation table', () => {
  it('keys every operation by its own operationId', () => {
    for (const [key, op] of Object.entries(operations)) expect(op.operationId).toBe(key);
  });

  it('has no two operations on the same method and path', () => {
    const seen = new Set<string>();
    for (const op of table) {
      const key = `${op.method} ${op.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('declares a params schema exactly when the path has placeholders', () => {
    for (const op of table) {
      const names = pathParamNames(op.path);
      const declared = op.params ? Object.keys(op.params.shape) : [];
      expect(declared.sort(), op.operationId).toEqual(names.sort());
    }
  });

  it('names the body of every operation that has one', () => {
    for (const op of table) {
      if (op.body) expect(op.bodyName, op.operationId).toBeTruthy();
    }
  });

  it('gives every operation exactly one success response', () => {
    for (const op of table) {
      expect(
        Object.keys(op.responses).filter((s) => Number(s) < 300),
        op.operationId,
      ).toHaveLength(1);
      expect(successResponse(op).status).toBeLessThan(300);
    }
  });
});

describe('the permission catalogue', () => {
  it('lists every permission an operation declares', () => {
    for (const op of table) {
      if (op.access.kind === 'permission') expect(isPermission(op.access.permission), op.operationId).toBe(true);
      if (op.access.kind === 'user' && op.access.projectPermission !== undefined)
        expect(isPermission(op.access.projectPermission), op.operationId).toBe(true);
    }
  });
});

describe('pathParamNames', () => {
  it('lists placeholders in order', () => {
    expect(pathParamNames('/v1/chat/channels/{channel}/messages/{message}')).toEqual(['channel', 'message']);
    expect(pathParamNames('/healthz')).toEqual([]);
  });
});

describe('billing integration codes', () => {
  it('take every registered module code (camelCase ones included) as a charge’s integration', () => {
    for (const code of MODULE_CODES) expect(IntegrationCode.safeParse(code).success, code).toBe(true);
    expect(IntegrationCode.safeParse('mail-campaigns').success).toBe(true);
  });

  it('refuse what is not a code', () => {
    for (const bad of ['', 'has space', '-leading', 'a/b'])
      expect(IntegrationCode.safeParse(bad).success, bad).toBe(false);
  });
});
