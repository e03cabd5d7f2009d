import { AppShell, Burger, Group, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './app-frame.css';

/**
 * Below this breakpoint the side navigation is a drawer opened by a menu button: Mantine's
 * `lg` (75em, 1200 px). A 1366 px laptop keeps the navigation beside the page; a 1024 px
 * tablet in landscape gets the whole width, since 1024 less the navigation leaves 764 px,
 * narrower than the queue's default columns.
 */
export const NAV_BREAKPOINT = 'lg';

const Drawer = lazy(() => import('./nav-drawer-chunk.ts'));
export const MAIN_CONTENT_ID = 'main-content';

export interface AppFrameProps {
  /** The header's start, after the menu button (the app's name). */
  brand: ReactNode;
  /** The header's end (menus). */
  actions: ReactNode;
  navWidth: number;
  /** The navigation; `onNavigate` closes the drawer when one of its links is followed. */
  nav: (onNavigate: () => void) => ReactNode;
  /** The page. */
  children: ReactNode;
}

/** Moves focus to the page itself, past the header and the navigation. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/**
 * Gives focus back to `target` when `opened` turns false. Mantine's own return of focus
 * misses the drawer's first opening when its code was still loading (it then mounts open).
 */
function useFocusBackOnClose(opened: boolean, target: { current: HTMLElement | null }) {
  const wasOpen = useRef(opened);
  useEffect(() => {
    if (wasOpen.current && !opened) target.current?.focus();
    wasOpen.current = opened;
  }, [opened, target]);
}

/**
 * The frame of the branch shell and the tenant console: a skip link (the first tab stop),
 * the header, the navigation beside the page on wide screens and in a drawer below
 * NAV_BREAKPOINT, and the page in `main`. The drawer closes on Escape, on a click outside,
 * and when the address changes; focus returns to the menu button.
 */
export function AppFrame({ brand, actions, navWidth, nav, children }: AppFrameProps) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints[NAV_BREAKPOINT]})`, undefined, {
    getInitialValueInEffect: false,
  });
  const { pathname } = useLocation();
  // The drawer is open only on the page it was opened on, so any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerOpen = !wide && openedOn === pathname;
  const close = () => setOpenedOn(null);
  const toggle = () => setOpenedOn(drawerOpen ? null : pathname);
  useFocusBackOnClose(drawerOpen, menuButton);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: navWidth, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: true } }}
      padding="md"
    >
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!wide && (
              <Burger
                ref={menuButton}
                opened={drawerOpen}
                onClick={toggle}
                size="sm"
                aria-label={t('shell.openNavigation')}
                aria-expanded={drawerOpen}
              />
            )}
            {brand}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {actions}
          </Group>
        </Group>
      </AppShell.Header>
      {wide && <AppShell.Navbar p="xs">{nav(() => {})}</AppShell.Navbar>}
      {/* Its code loads after the page shows, or on the first opening. */}
      {!wide && (
        <Suspense fallback={null}>
          <Drawer
            opened={drawerOpen}
            onClose={close}
            size={navWidth}
            padding="xs"
            title={t('app.name')}
            returnFocus={false}
            closeButtonProps={{ 'aria-label': t('shell.closeNavigation') }}
          >
            {nav(close)}
          </Drawer>
        </Suspense>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="gray.0">
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
