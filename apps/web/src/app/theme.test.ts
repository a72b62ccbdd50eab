import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import themeInitScript from '../../public/theme-init.js?raw';
import { getStoredTheme, getTheme, setTheme, THEME_STORAGE_KEY, THEME_TOKEN_SETS, useTheme } from './theme';

const html = document.documentElement;

describe('theme storage', () => {
  it("is kept under the local storage key 'theme' (SPEC.md)", () => {
    expect(THEME_STORAGE_KEY).toBe('theme');
    setTheme('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    setTheme('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('reads back only the two known themes', () => {
    expect(getStoredTheme()).toBeNull();
    window.localStorage.setItem('theme', 'dark');
    expect(getStoredTheme()).toBe('dark');
    window.localStorage.setItem('theme', 'sepia');
    expect(getStoredTheme()).toBeNull();
  });

  it('maps light and dark to the cloudLight and cloudDark token sets', () => {
    expect(THEME_TOKEN_SETS).toEqual({ light: 'cloudLight', dark: 'cloudDark' });
  });
});

describe('setTheme', () => {
  it('switches data-theme on <html> at once', () => {
    setTheme('dark');
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(getTheme()).toBe('dark');
    setTheme('light');
    expect(html).toHaveAttribute('data-theme', 'light');
  });
});

describe('public/theme-init.js (runs before first paint)', () => {
  const run = () => new Function(themeInitScript)();

  it('applies the stored theme', () => {
    window.localStorage.setItem('theme', 'dark');
    run();
    expect(html).toHaveAttribute('data-theme', 'dark');
  });

  it('falls back to light without a stored choice or a dark system preference', () => {
    window.localStorage.setItem('theme', 'nonsense');
    run();
    expect(html).toHaveAttribute('data-theme', 'light');
  });
});

describe('useTheme', () => {
  it('reports the theme and re-renders when it changes', () => {
    setTheme('light');
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('light');
    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('dark');
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    act(() => result.current.setTheme('light'));
    expect(result.current.theme).toBe('light');
  });

  it('follows a choice made in another tab', () => {
    setTheme('light');
    const { result } = renderHook(() => useTheme());
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    expect(result.current.theme).toBe('dark');
    expect(html).toHaveAttribute('data-theme', 'dark');
  });
});
