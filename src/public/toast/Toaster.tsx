import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import './toast.css';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'error';
}
interface ToastItem extends ToastInput {
  id: number;
}

const TOAST_MS = 4000;
const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

/** A small toast of our own: a polite live region, newest last, each gone after 4 s. */
export function Toaster({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback(
    (t: ToastInput) => {
      const id = ++next.current;
      setItems((list) => [...list.slice(-2), { ...t, id }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={toast}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {items.map((t) => (
          <div key={t.id} className={`toast toast--${t.variant ?? 'default'}`}>
            <div>
              <p className="toast__title">{t.title}</p>
              {t.description && <p className="toast__description">{t.description}</p>}
            </div>
            <button type="button" className="toast__close" aria-label="Fermer la notification" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): (t: ToastInput) => void {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <Toaster>');
  return toast;
}
