import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { ThemeProvider, useTheme } from './theme-provider';

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button onClick={() => setTheme('dark')}>dark</button>
      <button onClick={() => setTheme('light')}>light</button>
    </>
  );
}

describe('ThemeProvider', () => {
  it('defaults to system and follows the OS (light here)', () => {
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('system/light')).toBeInTheDocument();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('applies and stores the chosen theme', () => {
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    act(() => screen.getByRole('button', { name: 'dark' }).click());
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');

    act(() => screen.getByRole('button', { name: 'light' }).click());
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('restores the stored theme', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('dark/dark')).toBeInTheDocument();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
