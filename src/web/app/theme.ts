import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Ink blue of the logo's open book, light to dark. */
const ink: MantineColorsTuple = [
  '#eef3fb',
  '#dce4f2',
  '#b6c6e3',
  '#8da6d3',
  '#6b8bc6',
  '#5679be',
  '#4a6fb9',
  '#3a5ea3',
  '#2f5393',
  '#1f3a68',
];

const sans = 'system-ui, "Segoe UI", "Noto Sans Hebrew", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'ink',
  primaryShade: 8,
  colors: { ink },
  fontFamily: sans,
  headings: {
    // Hebrew serif faces first (they carry no Latin letters, so English falls to Georgia).
    fontFamily:
      '"Noto Serif Hebrew", "Frank Ruehl CLM", "David Libre", Georgia, "Times New Roman", serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's md breakpoint (62em = 992 px) is the spec's 'desktop' for the landing page.
  breakpoints: { xs: '30em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
});
