import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Primary teal (dark), secondary grey, accent orange (doc 3 section 9). */
export const theme = createTheme({
  primaryColor: 'teal',
  colors: {
    // Orange accent with dark shades that keep white text at 4.5:1 and more.
    accent: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd8a8',
      '#ffc078',
      '#ffa94d',
      '#ff922b',
      '#fd7e14',
      '#e8590c',
      '#c2410c',
      '#a63b00',
    ],
  },
  primaryShade: { light: 9, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  other: { secondaryColor: 'gray', accentColor: 'accent' },
  components: {
    Modal: {
      defaultProps: {
        overlayProps: { backgroundOpacity: 0.4 },
        closeButtonProps: { 'aria-label': 'Close' },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Tooltip: { defaultProps: { openDelay: 200 } },
    // A menu holds menu items only: Mantine's focus placeholder (a focusable div with no
    // role) inside role="menu" is an axe-core critical violation (aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A long option list scrolls in its listbox itself, not in a scroll area around it:
    // the keyboard moves through it from the field (aria-activedescendant), and the
    // accessibility checks know a combobox's listbox needs no tab stop of its own.
    Select: {
      defaultProps: { withScrollArea: false },
      styles: { options: { maxHeight: 220, overflowY: 'auto' } },
    },
    // Links in running text are underlined, so they do not rely on colour alone.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/** Dimmed text darker than Mantine's default, for 4.5:1 contrast on white and light grey. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    // Error text and the primary button's hover at 4.5:1 and more with their backgrounds.
    '--mantine-color-error': resolved.colors.red[9],
    '--mantine-color-teal-filled-hover': '#066649',
    // Light buttons' text (teal 9 on its light background was 4.32:1 at 12 px).
    '--mantine-color-teal-light-color': '#066649',
  },
  dark: {},
});
