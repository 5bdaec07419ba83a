import {
  createTheme,
  DEFAULT_THEME,
  type DefaultMantineColor,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

/**
 * Mantine's palettes with shades 6 to 9 darkened just enough for WCAG 2.2 AA (docs/decisions/024):
 * shade 6 is what filled buttons and badges (white text on it), light variants, `c="red"` and alerts'
 * titles (it as text on white, on its own 10% tint and on the page's gray-0) use, so it reaches 4.5:1
 * on each. Shades 0-5 (tints, borders, backgrounds) are Mantine's own: the look stays.
 * Gray 6 is also `c="dimmed"`, the secondary text.
 */
const oscurecida = (nombre: DefaultMantineColor, oscuros: [string, string, string, string]): MantineColorsTuple => {
  const [s0, s1, s2, s3, s4, s5] = DEFAULT_THEME.colors[nombre] ?? [];
  if (s5 === undefined) throw new Error(`Mantine no tiene la paleta ${nombre}`);
  return [s0 ?? s5, s1 ?? s5, s2 ?? s5, s3 ?? s5, s4 ?? s5, s5, ...oscuros];
};

export const theme = createTheme({
  primaryColor: 'azul',
  colors: {
    azul: ['#e7f0ff', '#cfdefc', '#9ebbf4', '#6a96ed', '#4077e6', '#2f6fde', '#1f5bc4', '#154ca6', '#0f3e8a', '#08306f'],
    gray: oscurecida('gray', ['#626970', '#495057', '#343a40', '#212529']),
    red: oscurecida('red', ['#bd2727', '#a52222', '#8c1d1d', '#731818']),
    orange: oscurecida('orange', ['#a74d01', '#8e4101', '#743601', '#5b2a01']),
    green: oscurecida('green', ['#277635', '#21632c', '#1a4f24', '#143c1b']),
    yellow: oscurecida('yellow', ['#896103', '#704f02', '#573e02', '#3e2c01']),
    blue: oscurecida('blue', ['#146ab4', '#125c9d', '#0f4f86', '#0d416f']),
    teal: oscurecida('teal', ['#0b7555', '#095d44', '#074633', '#052f22']),
    pink: oscurecida('pink', ['#c51b57', '#ae184d', '#981543', '#821239']),
    grape: oscurecida('grape', ['#a527c4', '#9323af', '#811f9a', '#6f1a84']),
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Plain objects, not `Modal.extend(...)`: that identity function is a value import, and it put Modal,
  // Drawer and Notification (with their focus trap, scroll area, portal and floating-ui) into the
  // first page of every visitor, who sees none of them until a tap. The props are checked all the same.
  components: {
    // Every toast's close button says what it does (screen readers announced a bare "button").
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar aviso' } } satisfies Partial<NotificationProps> },
    // Every dialog's and side panel's X is named too (one that names its own keeps its name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } satisfies Partial<DrawerProps> },
  },
});
