import { expect } from 'vitest';
import type { Photo, Project } from '@hearth/contracts';
import type { ApiClient } from './client';
import { makeJpeg } from './images';

export async function startTrial(client: ApiClient) {
  const response = await client.post('/api/start-trial');
  expect(response.status).toBe(201);
}

export async function newProject(client: ApiClient, name?: string): Promise<Project> {
  const response = await client.post<Project>('/api/projects', name ? { name, status: 'uploading' } : {});
  expect(response.status).toBe(201);
  return response.body;
}

export async function uploadJpegs(
  client: ApiClient,
  projectId: string,
  count: number,
  templateId = 'professional-enhancement',
) {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `room-${i + 1}.jpg`,
      data: await makeJpeg(320 + i * 8, 240),
    })),
  );
  return client.upload<{ project: Project; photos: Photo[] }>(`/api/projects/${projectId}/upload`, files, {
    templateId,
  });
}

/** Polls the photos until none is waiting or processing. */
export async function settledPhotos(client: ApiClient, projectId: string, timeout = 60_000): Promise<Photo[]> {
  let photos: Photo[] = [];
  await expect
    .poll(
      async () => {
        photos = (await client.get<Photo[]>(`/api/projects/${projectId}/photos`)).body;
        return photos.every((p) => p.status === 'completed' || p.status === 'failed');
      },
      { timeout, interval: 250 },
    )
    .toBe(true);
  return photos;
}

export async function usage(client: ApiClient) {
  return (await client.get('/api/usage/stats')).body as Record<string, unknown>;
}
