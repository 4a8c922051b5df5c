-- Uploaded photos live in the database (issue 26, decision 0106): every node serves them without
-- a shared disk, and a backup of the database carries them. One row per stored file, named as
-- its address reads after `/media/photos/{restaurant}/`: `{hash}/{width}.{avif|webp}`, where the
-- hash is the uploaded bytes', so a name never comes to hold other content (decision 0065).
create table media (
  restaurant_id text not null references restaurants (id) on delete cascade,
  name text not null check (name ~ '^[0-9a-f]{16,64}/[0-9]{1,4}\.(avif|webp)$'),
  content bytea not null,
  content_type text not null check (content_type in ('image/avif', 'image/webp')),
  size integer not null check (size = octet_length(content)),
  created_at timestamptz not null default now(),
  -- Moved on by an upload of the same photo again: an unused photo is swept an hour after its
  -- last upload, so one waiting in an open editor survives (decision 0078).
  uploaded_at timestamptz not null default now(),
  primary key (restaurant_id, name)
);
-- AVIF and WebP are compressed already: kept out of line as they are, not compressed again.
alter table media alter column content set storage external;
