import { operations } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { appModules } from '../app.js';
import { Chain, Gather, Hook, Slot } from './hooks.js';
import {
  assembleModules,
  assertEveryOperationHandled,
  defineModule,
  type AnyHandlers,
  type SharedParts,
} from './modules.js';

// assembleModules reads nothing of the shared parts itself; each module's setup takes what it needs.
const shared = {} as SharedParts;
const noop = (async () => undefined) as unknown as AnyHandlers[string];

describe('the module contract', () => {
  it('sets modules up in list order, handing each the services it names', async () => {
    const order: string[] = [];
    const counter = defineModule({
      name: 'counter',
      needs: [],
      setup: () => {
        order.push('counter');
        return { service: { count: 41 } };
      },
    });
    const reader = defineModule<'reader', object, { counter: { count: number } }>({
      name: 'reader',
      needs: ['counter'],
      setup: (_shared, { counter: service }) => {
        order.push(`reader saw ${service.count + 1}`);
        return { handlers: { health: noop }, rateLimits: { health: { max: 1, timeWindow: 1000 } }, service: {} };
      },
    });
    const assembled = await assembleModules([counter, reader], shared);
    expect(order).toEqual(['counter', 'reader saw 42']);
    expect(Object.keys(assembled.handlers)).toEqual(['health']);
    expect(assembled.rateLimits).toEqual({ health: { max: 1, timeWindow: 1000 } });
    expect(assembled.services).toEqual({ counter: { count: 41 }, reader: {} });
  });

  it('takes a new, empty module with one line in the list', async () => {
    const emptyModule = defineModule({ name: 'empty', needs: [], setup: () => ({ service: {} }) });
    const assembled = await assembleModules([emptyModule], shared);
    expect(assembled.services).toEqual({ empty: {} });
  });

  it('refuses a module listed before one it needs, two modules of one name, and one operation handled twice', async () => {
    const early = defineModule<'early', object, { late: object }>({
      name: 'early',
      needs: ['late'],
      setup: () => ({ service: {} }),
    });
    const late = defineModule({ name: 'late', needs: [], setup: () => ({ service: {} }) });
    await expect(assembleModules([early, late], shared)).rejects.toThrow(
      'Module early needs late, which must come before it in the module list',
    );
    await expect(assembleModules([late, late], shared)).rejects.toThrow('Two modules are named late');
    const one = defineModule({ name: 'one', needs: [], setup: () => ({ handlers: { health: noop }, service: {} }) });
    const two = defineModule({ name: 'two', needs: [], setup: () => ({ handlers: { health: noop }, service: {} }) });
    await expect(assembleModules([one, two], shared)).rejects.toThrow(
      'Operation health is handled by both one and two',
    );
  });

  it('refuses to start while an operation of the contract has no handler, or a handler has no operation', () => {
    const all = Object.fromEntries(Object.keys(operations).map((id) => [id, noop]));
    expect(() => assertEveryOperationHandled(operations, all)).not.toThrow();
    const { healthz: _healthz, ...withoutHealthz } = all;
    expect(() => assertEveryOperationHandled(operations, withoutHealthz)).toThrow(
      'No module handles these operations: healthz',
    );
    expect(() => assertEveryOperationHandled(operations, { ...all, madeUp: noop })).toThrow(
      'Handlers for operations the contract lacks: madeUp',
    );
  });

  it("lists the app's modules so that each comes after every module it needs", () => {
    const seen = new Set<string>();
    for (const module of appModules({} as never)) {
      for (const need of module.needs) expect(seen, `${module.name} needs ${need}`).toContain(need);
      seen.add(module.name);
    }
    expect(seen.size).toBeGreaterThan(10);
  });
});

describe('hooks between modules', () => {
  it('runs hook parts in the order they were added, and a part that throws stops the rest', async () => {
    const ran: string[] = [];
    const hook = new Hook<[string]>();
    hook.add((v) => void ran.push(`a ${v}`));
    hook.add(async (v) => void ran.push(`b ${v}`));
    await hook.run('x');
    expect(ran).toEqual(['a x', 'b x']);
    hook.add(() => {
      throw new Error('refused');
    });
    hook.add((v) => void ran.push(`never ${v}`));
    await expect(hook.run('y')).rejects.toThrow('refused');
    expect(ran).toEqual(['a x', 'b x', 'a y', 'b y']);
  });

  it('gathers every part’s answer, and chains a value through every part', async () => {
    const gather = new Gather<[number], number>();
    gather.add((n) => n + 1);
    gather.add(async (n) => n * 10);
    expect(await gather.run(2)).toEqual([3, 20]);
    const chain = new Chain<string[], [string]>();
    chain.add((list, suffix) => list.map((s) => s + suffix));
    chain.add(async (list) => [...list, 'last']);
    expect(await chain.run(['a', 'b'], '!')).toEqual(['a!', 'b!', 'last']);
  });

  it('answers through a slot once one module provided it, and names the slot when none did', async () => {
    const slot = new Slot<(n: number) => number>('test.double');
    expect(() => slot.call(1)).toThrow('test.double has no provider: a module in app.ts must provide it');
    slot.provide((n) => n * 2);
    expect(slot.call(21)).toBe(42);
    expect(() => slot.provide((n) => n)).toThrow('test.double is provided twice');
  });
});
