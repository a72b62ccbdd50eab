import { createContext, useContext, useEffect } from 'react';

/**
 * Lets the panel's dialogs keep the panel open: Escape in a dialog (or a press on its backdrop)
 * must close the dialog, not the panel around it with the dialog inside.
 */
export const PanelHoldContext = createContext<(held: boolean) => void>(() => {});

/** Holds the panel open while `held`. */
export function useHoldPanel(held: boolean): void {
  const hold = useContext(PanelHoldContext);
  useEffect(() => {
    hold(held);
    return () => hold(false);
  }, [hold, held]);
}
