import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorBody } from '../../../../shared/http/error-body';
import type { Brand, BrandRequest } from '../../../../shared/site/contract';
import * as site from '../../../../shared/site/admin-endpoints';
import { ApiError, call, urlOf } from '../../../lib/api';
import { useStaffQuery } from '../console/access';

export type BrandImageKind = 'logo' | 'favicon';
const BRAND_KEY = ['staff', 'brand'] as const;

export const useAdminBrand = () => useStaffQuery(['brand'], () => call(site.getAdminBrand));

/** Uploads a logo or favicon (multipart `file`, as the avatar upload does). */
async function uploadBrandImage(kind: BrandImageKind, file: File): Promise<Brand> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(urlOf(site.uploadBrandImage, { kind }), {
    method: site.uploadBrandImage.method,
    body: form,
    credentials: 'include',
  });
  const data = (await response.json().catch(() => ({}))) as Partial<Brand> & Partial<ErrorBody>;
  if (!response.ok) throw new ApiError(response.status, data.message || 'The upload failed.');
  return data as Brand;
}

/** A change to the brand: the answer is the brand as now saved. */
function useBrandWrite<V>(write: (vars: V) => Promise<Brand>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (brand) => client.setQueryData(BRAND_KEY, brand),
  });
}

export const useSaveBrand = () =>
  useBrandWrite((body: BrandRequest) => call(site.saveBrand, { body }));

export const useUploadBrandImage = () =>
  useBrandWrite(({ kind, file }: { kind: BrandImageKind; file: File }) =>
    uploadBrandImage(kind, file),
  );

export const useRemoveBrandImage = () =>
  useBrandWrite((kind: BrandImageKind) => call(site.removeBrandImage, { params: { kind } }));
