import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'azul',
  colors: {
    azul: ['#e7f0ff', '#cfdefc', '#9ebbf4', '#6a96ed', '#4077e6', '#2f6fde', '#1f5bc4', '#154ca6', '#0f3e8a', '#08306f'],
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
