import { describe, expect, it } from 'vitest';
import { opacityFor, outcome } from './swipe';

describe('opacityFor', () => {
  it('is opaque at rest and falls with distance, either way, to 0.3 at the 200 px threshold', () => {
    expect(opacityFor(0)).toBe(1);
    expect(opacityFor(100)).toBeCloseTo(0.65);
    expect(opacityFor(-100)).toBeCloseTo(0.65);
    expect(opacityFor(200)).toBeCloseTo(0.3);
    expect(opacityFor(50)).toBeGreaterThan(opacityFor(150));
  });

  it('never falls below 0.3', () => {
    expect(opacityFor(250)).toBe(0.3);
    expect(opacityFor(-10_000)).toBe(0.3);
  });
});

describe('outcome', () => {
  it('removes a release further than 200 px sideways, in either direction', () => {
    expect(outcome(250, 0)).toBe('remove');
    expect(outcome(-201, 5)).toBe('remove');
  });

  it('springs back from a release at or short of 200 px', () => {
    expect(outcome(200, 0)).toBe('spring-back');
    expect(outcome(100, 0)).toBe('spring-back');
    expect(outcome(0, 0)).toBe('spring-back');
  });

  it('cancels mostly vertical movement over 10 px, whether moving or released', () => {
    expect(outcome(3, 11, false)).toBe('cancel');
    expect(outcome(3, -11)).toBe('cancel');
    expect(outcome(5, 30)).toBe('cancel');
  });

  it('keeps tracking small vertical drift and mostly sideways movement', () => {
    expect(outcome(2, 10, false)).toBe('tracking');
    expect(outcome(50, 20, false)).toBe('tracking');
    expect(outcome(250, 0, false)).toBe('tracking');
    expect(outcome(50, 20)).toBe('spring-back');
  });
});
