/* rangecoder-gen writes golden vectors of ENet's range coder: for each input,
 * a file NAME.hex in the output directory holding two lines, the input and
 * what enet_range_coder_compress makes of it, in hex. The inputs are
 * synthetic (sizes and kinds chosen to reach the coder's corners: escapes,
 * rescaling, the symbol table's restart) and real: the command streams of
 * datagrams two ENet hosts exchange over loopback, recorded by a compressor
 * that wraps the range coder. Built and run by gen-rangecoder.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <enet/enet.h>

static const char *outdir;

static void hex(FILE *f, const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x", p[i]);
    fputc('\n', f);
}

/* golden compresses in, checks the library decodes it back, and writes it. */
static void golden(const char *name, const unsigned char *in, size_t n) {
    static unsigned char out[16384], back[16384];
    void *rc = enet_range_coder_create();
    ENetBuffer buf = {.data = (void *)in, .dataLength = n};
    size_t m = enet_range_coder_compress(rc, &buf, 1, n, out, sizeof out);
    size_t k = enet_range_coder_decompress(rc, out, m, back, sizeof back);
    if (m == 0 || k != n || memcmp(back, in, n) != 0) {
        fprintf(stderr, "%s: %zu bytes compress to %zu and back to %zu\n", name, n, m, k);
        exit(1);
    }
    enet_range_coder_destroy(rc);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.hex", outdir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    hex(f, in, n);
    hex(f, out, m);
    fclose(f);
}

static unsigned long long seed = 25;

static unsigned char rnd(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return seed >> 56;
}

/* garbage writes decode-NAME.hex: input that enet_range_coder_decompress
 * was not made for, and what it decodes to within 4096 bytes, or "-" when
 * it fails (returns 0). */
static void garbage(const char *name, const unsigned char *in, size_t n) {
    static unsigned char out[4096];
    void *rc = enet_range_coder_create();
    size_t m = enet_range_coder_decompress(rc, in, n, out, sizeof out);
    enet_range_coder_destroy(rc);
    char path[4096];
    snprintf(path, sizeof path, "%s/decode-%s.hex", outdir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    hex(f, in, n);
    if (m == 0)
        fputs("-\n", f);
    else
        hex(f, out, m);
    fclose(f);
}

/* The real traffic: a recording compressor around the range coder. */
static int recorded;
static void *coder;

static size_t record(void *ctx, const ENetBuffer *in, size_t count, size_t limit,
                     enet_uint8 *out, size_t outLimit) {
    static unsigned char flat[8192];
    size_t n = 0;
    (void)ctx;
    for (size_t i = 0; i < count; i++) {
        memcpy(flat + n, in[i].data, in[i].dataLength);
        n += in[i].dataLength;
    }
    if (recorded < 16) {
        char name[64];
        snprintf(name, sizeof name, "datagram-%02d-%zu", recorded++, n);
        golden(name, flat, n);
    }
    return enet_range_coder_compress(coder, in, count, limit, out, outLimit);
}

static size_t unpack(void *ctx, const enet_uint8 *in, size_t n, enet_uint8 *out, size_t limit) {
    (void)ctx;
    return enet_range_coder_decompress(coder, in, n, out, limit);
}

static void pump(ENetHost *a, ENetHost *b, int rounds) {
    ENetEvent ev;
    for (int i = 0; i < rounds; i++) {
        while (enet_host_service(a, &ev, 1) > 0)
            if (ev.type == ENET_EVENT_TYPE_RECEIVE)
                enet_packet_destroy(ev.packet);
        while (enet_host_service(b, &ev, 1) > 0)
            if (ev.type == ENET_EVENT_TYPE_RECEIVE)
                enet_packet_destroy(ev.packet);
    }
}

static void traffic(void) {
    ENetAddress addr = {.host = ENET_HOST_ANY, .port = 0};
    enet_address_set_host_ip(&addr, "127.0.0.1");
    ENetHost *server = enet_host_create(&addr, 4, 4, 0, 0);
    ENetHost *client = enet_host_create(NULL, 1, 4, 0, 0);
    if (!server || !client || enet_socket_get_address(server->socket, &addr) < 0) {
        fprintf(stderr, "no hosts\n");
        exit(1);
    }
    coder = enet_range_coder_create();
    ENetCompressor c = {.context = coder, .compress = record, .decompress = unpack};
    enet_host_compress(server, &c);
    enet_host_compress(client, &c);
    ENetPeer *peer = enet_host_connect(client, &addr, 4, 7);
    pump(client, server, 20);
    if (peer->state != ENET_PEER_STATE_CONNECTED) {
        fprintf(stderr, "not connected\n");
        exit(1);
    }
    /* Batches of packets shaped like SceneMultiplayer's: a command byte, a
     * node id, then Variant-encoded arguments, some repeating. */
    unsigned char msg[600];
    for (int batch = 0; batch < 6; batch++) {
        for (int i = 0; i < 3 + batch * 4; i++) {
            size_t n = 8 + (i * 37 + batch * 11) % (batch == 5 ? 590 : 120);
            msg[0] = 0x20 + batch;
            for (size_t j = 1; j < n; j++)
                msg[j] = j % 4 == 0 ? rnd() : (unsigned char)(j * batch);
            enet_uint32 flags = i % 3 == 0 ? ENET_PACKET_FLAG_UNSEQUENCED
                                : i % 3 == 1 ? ENET_PACKET_FLAG_RELIABLE : 0;
            enet_peer_send(peer, i % 4, enet_packet_create(msg, n, flags));
        }
        pump(client, server, 3);
    }
    enet_peer_disconnect(peer, 3);
    pump(client, server, 10);
    enet_host_destroy(client);
    enet_host_destroy(server);
}

int main(int argc, char **argv) {
    static unsigned char in[4096];
    if (argc != 2 || enet_initialize() != 0) {
        fprintf(stderr, "usage: rangecoder-gen OUTDIR\n");
        return 2;
    }
    outdir = argv[1];

    golden("one-byte", (const unsigned char *)"a", 1);
    golden("two-bytes", (const unsigned char *)"\x00\xff", 2);
    memset(in, 0, sizeof in);
    golden("zeros-16", in, 16);
    golden("zeros-1000", in, 1000);
    golden("zeros-4096", in, 4096);
    for (size_t n = 0; n < sizeof in; n++)
        in[n] = rnd();
    golden("random-8", in, 8);
    golden("random-64", in, 64);
    golden("random-1200", in, 1200);
    golden("random-4096", in, 4096);
    for (size_t n = 0; n < sizeof in; n++)
        in[n] = n;
    golden("ramp-4096", in, 4096);
    for (size_t n = 0; n < sizeof in; n++) /* mostly zero: counts rescale */
        in[n] = rnd() < 16 ? rnd() : 0;
    golden("sparse-4096", in, 4096);
    const char *text = "The quick brown fox jumps over the lazy dog; "
                       "ENet sends reliable and unreliable packets over UDP. ";
    for (size_t n = 0; n < sizeof in; n++)
        in[n] = text[n % strlen(text)];
    golden("text-1200", in, 1200);
    golden("text-4096", in, 4096);

    for (int i = 0; i < 24; i++) {
        size_t n = 1 + i * i * 7 % 300;
        char name[32];
        for (size_t j = 0; j < n; j++)
            in[j] = i % 3 ? rnd() : rnd() & 0x0f;
        snprintf(name, sizeof name, "garbage-%02d-%zu", i, n);
        garbage(name, in, n);
    }
    {
        /* text-1200's coding, cut short and with a byte flipped */
        unsigned char out[4096];
        for (size_t n = 0; n < 1200; n++)
            in[n] = text[n % strlen(text)];
        void *rc = enet_range_coder_create();
        ENetBuffer buf = {.data = in, .dataLength = 1200};
        size_t m = enet_range_coder_compress(rc, &buf, 1, 1200, out, sizeof out);
        enet_range_coder_destroy(rc);
        garbage("text-cut", out, m / 2);
        out[m / 3] ^= 0x10;
        garbage("text-flipped", out, m);
    }

    traffic();
    enet_deinitialize();
    return 0;
}
