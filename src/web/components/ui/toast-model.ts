/** What a toast is: toast.tsx keeps them, toast-items.tsx (a chunk of its own) draws them. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One button beside the text (e.g. 'Undo'); pressing it dismisses the toast. */
  action?: { label: string; onClick: () => void };
}
export interface Toast extends ToastInput {
  id: number;
  /** The page it was shown on, and when: it belongs to that page (toast.tsx's leavePage). */
  page: string;
  at: number;
  /**
   * Its time is up while an open dialog shows it: out of sight, it keeps its room (toast.tsx's
   * expire).
   */
  spent?: boolean;
}
