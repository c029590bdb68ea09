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

/** Polls the photos until none is waiting or processing (usable in hooks too, unlike expect.poll). */
export async function settledPhotos(client: ApiClient, projectId: string, timeout = 90_000): Promise<Photo[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const response = await client.get<Photo[]>(`/api/projects/${projectId}/photos`);
    expect(response.status).toBe(200);
    const photos = response.body;
    if (photos.every((p) => p.status === 'completed' || p.status === 'failed')) return photos;
    if (Date.now() > deadline) {
      throw new Error(`photos still unfinished after ${timeout} ms: ${photos.map((p) => p.status).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function usage(client: ApiClient) {
  return (await client.get('/api/usage/stats')).body as Record<string, unknown>;
}

export type UploadFile = { name: string; data: Uint8Array };

export async function uploadPhotos(
  client: ApiClient,
  projectId: string,
  files: UploadFile[],
  fields: Record<string, string> = { templateId: 'professional-enhancement' },
) {
  return client.upload<{ project: Project; photos: Photo[] }>(`/api/projects/${projectId}/upload`, files, fields);
}

/** The project as the dashboard's list shows it. */
export async function projectInList(client: ApiClient, projectId: string): Promise<Project> {
  const list = (await client.get<Project[]>('/api/projects')).body;
  const project = list.find((p) => p.id === projectId);
  expect(project, `project ${projectId} in the list`).toBeDefined();
  return project!;
}
