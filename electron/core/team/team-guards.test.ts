import { describe, expect, it } from 'vitest';
import { mayHaveArrivedCodes } from '../store/uploads.repo';
import { arrivedCodesOfMigration5, guardsSql } from './team-guards';

describe('the team database guards (migration 5)', () => {
  it("block the same failed uploads as the app's re-send guard", () => {
    // When this fails, the app's codes changed: the database's guard needs a new migration that
    // replaces uploads_guard() with the new codes, not an edit of migration 5.
    expect([...mayHaveArrivedCodes]).toEqual([...arrivedCodesOfMigration5]);
    expect(guardsSql).toContain("ARRAY['sending', 'timeout']::text[]");
  });
});
