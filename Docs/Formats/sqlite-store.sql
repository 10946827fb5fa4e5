-- Rows in the SQLite integration's documented schema (Docs/Integrations/SQLite.md, "Schema"): the
-- same users, posts and videos as Docs/Formats/json-file-store.json. Times are whole milliseconds
-- since 1970 (UTC); a handle is stored lowercased; a video's status is a word, with its payload in
-- playback_url or failure_reason. The contract checks load it into a fresh database and read it back.
INSERT INTO users (id, handle, display_name, created_at) VALUES
    ('1ddddd46-4385-45b2-8efb-00118c80ee79', 'silo_demo', 'Silo Demo', 1795433914421),
    ('7a1f0c22-9b1e-4d7a-a0c5-5f2e8d1b3c44', 'zoe', 'Zoë 👩‍💻', 1795433930999);
INSERT INTO posts (id, author_id, text, created_at, video_id) VALUES
    ('ab782440-a2dd-413c-a56c-bd339253eb22', '1ddddd46-4385-45b2-8efb-00118c80ee79', 'hello json', 1795433914424, 'v-1'),
    ('c0ffee00-1111-4222-8333-944445555666', '7a1f0c22-9b1e-4d7a-a0c5-5f2e8d1b3c44', 'a post without a video', 1795433940007, NULL);
INSERT INTO videos (id, owner_id, title, duration_ms, status, playback_url, failure_reason, created_at) VALUES
    ('v-1', '1ddddd46-4385-45b2-8efb-00118c80ee79', 'Launch', 61250, 'ready', 'https://cdn.example/v-1.m3u8', NULL, 1795434002118),
    ('v-2', '1ddddd46-4385-45b2-8efb-00118c80ee79', 'Rehearsal', NULL, 'processing', NULL, NULL, 1795434070002),
    ('v-3', '7a1f0c22-9b1e-4d7a-a0c5-5f2e8d1b3c44', 'Outtake', NULL, 'failed', NULL, 'the codec is not supported', 1795434120500);
