/// The usage text `silo --help` prints.
enum HelpText {
    static let usage = """
        silo: the Silo sample app in a terminal.

        USAGE: silo [options] [command]

        COMMANDS
          (none)                        a short guided tour: user, post, upload, feed
          feed [--limit N]              your posts, newest first
          post <text>                   publish a post
          delete <post-id>              delete one of your posts
          upload <file> --title <title> [--post <text>]
                                        upload a video, wait until it is ready, optionally post it
          videos [--limit N]            your saved videos
          user                          your user (created on first use)
          integrations                  which integration serves each service, and its health
          help                          this text

        OPTIONS
          --data-dir <path>             where data lives (default: ./.silo, or SILO_DATA_DIR)
          --verbose                     print configuration and timings (secrets stay redacted)

        ENVIRONMENT
          SILO_POSTS, SILO_USERS, SILO_LIBRARY, SILO_VIDEOS
                                        override the integration of one service: sqlite, memory, mockhost
          SILO_USER                     the handle to act as (default: silo_demo)
          SILO_VIDEO_HOST_API_KEY       the video host's API key (never printed)

        EXIT STATUS
          0 success, 1 a service or startup error, 64 a usage or configuration error
        """
}
