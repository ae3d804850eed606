import { SCREENS, type ScreenId } from './screens';

class Navigation {
  current = $state<ScreenId>(SCREENS[0].id);

  go(id: ScreenId): void {
    this.current = id;
  }

  step(delta: number): ScreenId {
    const index = SCREENS.findIndex((screen) => screen.id === this.current);
    const next = SCREENS[(index + delta + SCREENS.length) % SCREENS.length];
    this.current = next.id;
    return next.id;
  }
}

export const navigation = new Navigation();
