import { useEffect } from 'react';
import { readBrand } from './brand';

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${readBrand().name}`;
  }, [title]);
}
