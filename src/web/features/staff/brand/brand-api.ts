import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandRequest } from '../../../../shared/site/contract';
import * as site from '../../../../shared/site/admin-endpoints';
import { call } from '../../../lib/api';
import { upload } from '../../../lib/transfer';
import { useStaffQuery } from '../console/access';

export type BrandImageKind = 'logo' | 'favicon';
const BRAND_KEY = ['staff', 'brand'] as const;

export const useAdminBrand = () => useStaffQuery(['brand'], () => call(site.getAdminBrand));

/** Uploads a logo or favicon (an upload, as an avatar is). */
const uploadBrandImage = (kind: BrandImageKind, file: File) =>
  upload(site.uploadBrandImage, file, { params: { kind }, failure: 'The upload failed.' });

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
