import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileResponse, userProfileSchema } from '../../../shared/profile/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/session';
import { getProfile, saveProfile } from './profile.service';

export async function registerProfileRoutes(app: FastifyInstance, { sessions, db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/user-profile', { schema: { response: { 200: profileResponse } } }, async (request) =>
    getProfile(db, (await requireUser(sessions, request)).id),
  );

  for (const method of ['POST', 'PUT'] as const) {
    r.route({
      method,
      url: '/api/user-profile',
      schema: { body: userProfileSchema, response: { 200: profileResponse } },
      handler: async (request) => {
        const user = await requireUser(sessions, request);
        return saveProfile(db, user.id, request.body);
      },
    });
  }
}
