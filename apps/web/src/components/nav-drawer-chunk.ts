// Mantine's Drawer alone, as a chunk of its own: on narrow screens AppFrame loads it after
// the page has rendered, so no page waits for it.
export { Drawer as default } from '@mantine/core';
