// Mantine's Tooltip alone, as a chunk of its own for LazyTooltip.
export { Tooltip as default } from '@mantine/core';
