import { SCREENS, type ScreenId } from './screens';

class Navigation {
  current = $state<ScreenId>(SCREENS[0].id);

  go(id: ScreenId): void {
    this.current = id;
  }
}

export const navigation = new Navigation();
