import multipart from '@fastify/multipart';
import {
  brandCreateSchema,
  brandListQuerySchema,
  brandListResponseSchema,
  brandSchema,
  brandUpdateSchema,
  errorResponseSchema,
  IMAGE_MAX_BYTES,
  idParamSchema,
} from '@funil/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { deleteBrandImage, findBrandImage, removeStoredPicture, replaceBrandImage } from './brand-images';
import {
  createBrand,
  deleteBrand,
  getBrand,
  getVersionedBrand,
  listBrands,
  updateBrand,
} from './brands.service';
import { editConflictErrors, ifMatchHeadersSchema, sendVersioned } from '../../lib/etag';
import { errorAnswers, recordRouteErrors } from '../../lib/route-errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** /api/brands (docs/api.md, Brands). */
export const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the image upload is multipart; one file, at most 5 MB (the JSON limit of 1 MiB is not it).
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'listBrands',
        tags: ['brands'],
        summary: 'List brands (status, name, search; sort createdAt, name, company_name; pages of 20)',
        querystring: brandListQuerySchema,
        response: { 200: brandListResponseSchema, ...recordRouteErrors },
      },
    },
    async (request) => listBrands(app.db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'getBrand',
        tags: ['brands'],
        summary: 'A brand, with its version in the ETag header (docs/api.md, Concurrent edits)',
        params: idParamSchema,
        response: { 200: brandSchema, ...recordRouteErrors },
      },
    },
    async (request, reply) => sendVersioned(reply, await getVersionedBrand(app.db, request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'createBrand',
        tags: ['brands'],
        summary: 'Create a brand, with its principal contact when given',
        body: brandCreateSchema,
        response: { 201: brandSchema, ...recordRouteErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBrand(app.db, request.body, request.user?.id ?? null)),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'updateBrand',
        tags: ['brands'],
        summary: 'Change a brand; with If-Match, only over that version (412 otherwise)',
        params: idParamSchema,
        headers: ifMatchHeadersSchema,
        body: brandUpdateSchema,
        response: { 200: brandSchema, ...recordRouteErrors, ...editConflictErrors },
      },
    },
    async (request, reply) =>
      sendVersioned(
        reply,
        await updateBrand(
          app.db,
          request.params.id,
          request.body,
          request.user?.id ?? null,
          request.headers['if-match'],
        ),
      ),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'record.delete' },
      schema: {
        operationId: 'deleteBrand',
        tags: ['brands'],
        summary: 'Delete a brand with its contacts (409 while it has leads)',
        params: idParamSchema,
        response: { 204: z.null().describe('Deleted'), ...recordRouteErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const imageFile = await deleteBrand(app.db, request.params.id, request.user?.id ?? null);
      await removeStoredPicture(app.fileStore, imageFile);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:id/image',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'uploadBrandImage',
        tags: ['brands'],
        summary: 'Upload the brand picture: multipart, one file field "image" (JPEG, PNG, GIF or WebP, 5 MB)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: {
          200: brandSchema,
          ...recordRouteErrors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const missing = () => new AppError(400, 'errors:brands.image_missing');
      if (!request.isMultipart()) throw missing();
      const part = await request.file().catch((error: unknown) => {
        throw new AppError(400, 'errors:brands.image_missing', { cause: error });
      });
      if (!part) throw missing();
      if (part.fieldname !== 'image') {
        part.file.resume();
        throw missing();
      }
      let upload: Buffer;
      try {
        upload = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'errors:brands.image_too_large', { cause: error });
        }
        // Anything else is a malformed upload (a body cut off before its closing boundary).
        throw new AppError(400, 'errors:bad_request', { cause: error });
      }
      await replaceBrandImage(app.db, app.fileStore, request.params.id, upload, request.user?.id ?? null);
      return getBrand(app.db, request.params.id);
    },
  );

  app.delete(
    '/:id/image',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'deleteBrandImage',
        tags: ['brands'],
        summary: 'Remove the brand picture',
        params: idParamSchema,
        response: { 204: z.null().describe('Removed'), ...recordRouteErrors },
      },
    },
    async (request, reply) => {
      await deleteBrandImage(app.db, app.fileStore, request.params.id, request.user?.id ?? null);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/image',
    {
      // An <img> cannot send a token; brand ids are random UUIDs, and a picture says little.
      config: { access: 'public' },
      schema: {
        operationId: 'getBrandImage',
        tags: ['brands'],
        summary: 'The brand picture (WebP, 335x188); cached for a year under its versioned URL',
        params: idParamSchema,
        querystring: z.object({ v: z.string().optional() }),
        response: {
          200: z.string().describe('The picture (image/webp)'),
          ...errorAnswers(400, 404),
        },
      },
    },
    async (request, reply) => {
      const image = await findBrandImage(app.db, app.fileStore, request.params.id);
      if (!image) throw new AppError(404, 'errors:not_found.brand_image');
      // The versioned URL (?v=<hash>) never changes its content; any other is checked each time.
      const isCurrentVersion = request.query.v === image.hash;
      // The untyped reply: the route's typed one accepts only its schemas' shapes, not the bytes.
      return (reply as FastifyReply)
        .type(image.contentType)
        .header('cache-control', isCurrentVersion ? IMMUTABLE : 'no-cache')
        .header('etag', `"${image.hash}"`)
        .send(image.bytes);
    },
  );
};
